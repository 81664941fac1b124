import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import { RANK_KIND_LABELS, rankKinds, type Rank, type RankKind } from '@portal/contract';
import { errorMessage, isApiError, isSessionEnded } from '../../shared/api/errors';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatCount, formatMoney } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useAdminPackages } from '../packages/api';
import { useAdminRanks, useEvaluateRanks, useOrderRanks, useSaveRank } from './api';
import { RankChip } from './RankChip';
import { bodyOf, bonusText, draftOf, EMPTY_DRAFT, requirementsText, type RankDraft } from './rank-draft';

/**
 * /admin/ranks: the rank ladder. Add, edit, move up or down, deactivate
 * (each audited by the API; changes apply to later evaluations), and
 * evaluate ranks now (confirmed: it may credit bonuses).
 */
export function AdminRanksPage() {
  const toast = useToast();
  const ranks = useAdminRanks();
  const packages = useAdminPackages();
  const save = useSaveRank();
  const order = useOrderRanks();
  const evaluate = useEvaluateRanks();
  const [draft, setDraft] = useState<RankDraft | null>(null);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const items = ranks.data?.items ?? [];

  const move = async (index: number, by: -1 | 1) => {
    const ids = items.map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    try {
      await order.mutateAsync(ids);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const columns: Column<Rank>[] = [
    { id: 'position', label: '#', render: (r) => r.position },
    { id: 'rank', label: 'Rank', render: (r) => <RankChip rank={r} /> },
    { id: 'kind', label: 'Kind', secondary: true, render: (r) => (r.kind === 'lifetime' ? 'Lifetime' : 'Period') },
    {
      id: 'requirements',
      label: 'Requirements',
      render: (r) => requirementsText(r, items, packages.data?.items ?? []),
    },
    { id: 'bonus', label: 'Bonus', align: 'right', render: bonusText },
    {
      id: 'members',
      label: 'Hold / reached',
      align: 'right',
      secondary: true,
      render: (r) => `${formatCount(r.holders)} / ${formatCount(r.reached)}`,
    },
    { id: 'status', label: 'Status', render: (r) => <StatusChip status={r.active ? 'active' : 'inactive'} /> },
    {
      id: 'actions',
      label: '',
      align: 'right',
      render: (r) => {
        const index = items.indexOf(r);
        return (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <IconButton
              size="small"
              aria-label={`Move ${r.name} down`}
              disabled={index === 0 || order.isPending}
              onClick={() => void move(index, -1)}
            >
              <ArrowDownwardOutlined fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Move ${r.name} up`}
              disabled={index === items.length - 1 || order.isPending}
              onClick={() => void move(index, 1)}
            >
              <ArrowUpwardOutlined fontSize="small" />
            </IconButton>
            <Button size="small" onClick={() => open(draftOf(r))}>
              Edit
            </Button>
          </Stack>
        );
      },
    },
  ];

  const open = (value: RankDraft) => {
    setFieldError(null);
    setDraft(value);
  };

  const submit = async () => {
    if (!draft) return;
    try {
      const saved = await save.mutateAsync({ id: draft.id, body: bodyOf(draft) });
      toast.success(`${saved.name} saved.`);
      setDraft(null);
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      setFieldError({ field, message: errorMessage(error) });
    }
  };

  const runEvaluation = async () => {
    try {
      const result = await evaluate.mutateAsync();
      toast.success(
        `${formatCount(result.reached)} rank${result.reached === 1 ? '' : 's'} reached, ${formatMoney(result.credited)} USDT credited` +
          (result.awaitingPay !== '0.00' ? `, ${formatMoney(result.awaitingPay)} USDT awaiting a close's pay.` : '.'),
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };

  const err = (field: string) =>
    fieldError?.field === field || fieldError?.field?.startsWith(`${field}.`)
      ? { error: true, helperText: fieldError.message }
      : {};
  const set = (patch: Partial<RankDraft>) => draft && setDraft({ ...draft, ...patch });
  const others = items.filter((r) => r.id !== draft?.id);

  return (
    <Card>
      <CardHeader
        title="Ranks"
        subheader="Lowest first. Checked at every daily close; each first achievement pays its bonus once. Changes apply to later evaluations; ranks reached stay."
        sx={{ flexWrap: 'wrap', gap: 2 }}
        action={
          <Stack direction="row" spacing={2}>
            <Button variant="outlined" onClick={() => setConfirming(true)} disabled={items.length === 0}>
              Evaluate now
            </Button>
            <Button variant="contained" onClick={() => open(EMPTY_DRAFT)}>
              Add rank
            </Button>
          </Stack>
        }
      />
      <DataTable
        label="Ranks"
        columns={columns}
        rows={ranks.data?.items}
        total={ranks.data?.items.length}
        rowKey={(r) => r.id}
        page={1}
        pageSize={100}
        onPage={() => undefined}
        onPageSize={() => undefined}
        hidePagination
        loading={ranks.isPending}
        error={ranks.isError && !isSessionEnded(ranks.error) ? ranks.error : undefined}
        onRetry={() => void ranks.refetch()}
        empty="No ranks yet: add the first one."
      />
      <ConfirmDialog
        open={confirming}
        title="Evaluate ranks now?"
        confirmLabel="Evaluate"
        busy={evaluate.isPending}
        onConfirm={() => void runEvaluation()}
        onClose={() => setConfirming(false)}
      >
        <Typography variant="body2">
          Every member is checked against the active ranks now, as at a daily close. New achievements are recorded and
          their bonuses credited once (with close review on, they wait for the next close&apos;s pay). Running it again
          changes nothing.
        </Typography>
      </ConfirmDialog>
      <Dialog open={!!draft} onClose={save.isPending ? undefined : () => setDraft(null)} fullWidth maxWidth="sm">
        <DialogTitle>{draft?.id ? 'Edit rank' : 'Add rank'}</DialogTitle>
        <DialogContent>
          {draft && (
            <Stack spacing={4} sx={{ mt: 2 }}>
              {fieldError && !fieldError.field && (
                <Typography color="error" variant="body2" role="alert">
                  {fieldError.message}
                </Typography>
              )}
              <TextField
                label="Name"
                value={draft.name}
                onChange={(e) => set({ name: e.target.value })}
                {...err('name')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
                <TextField
                  label="Colour"
                  type="color"
                  value={draft.colour}
                  onChange={(e) => set({ colour: e.target.value })}
                  sx={{ minWidth: 120 }}
                  {...err('colour')}
                />
                <TextField
                  select
                  fullWidth
                  label="Kind"
                  value={draft.kind}
                  onChange={(e) => set({ kind: e.target.value as RankKind })}
                >
                  {rankKinds.map((k) => (
                    <MenuItem key={k} value={k}>
                      {RANK_KIND_LABELS[k]}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Typography variant="subtitle2">Requirements (leave empty for none)</Typography>
              <TextField
                select
                label="Own package at least"
                value={draft.minPackageId}
                onChange={(e) => set({ minPackageId: e.target.value })}
                {...err('requirements.minPackageId')}
              >
                <MenuItem value="">Any package</MenuItem>
                {(packages.data?.items ?? []).map((p) => (
                  <MenuItem key={p.id} value={String(p.id)}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Active members sponsored personally"
                value={draft.minSponsored}
                inputMode="numeric"
                onChange={(e) => set({ minSponsored: e.target.value })}
                {...err('requirements.minSponsored')}
              />
              <TextField
                label={
                  draft.kind === 'lifetime' ? 'BV of the weaker leg (lifetime)' : 'BV matched this month (weaker leg)'
                }
                value={draft.minWeakerLegBv}
                inputMode="decimal"
                onChange={(e) => set({ minWeakerLegBv: e.target.value })}
                {...err('requirements.minWeakerLegBv')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
                <TextField
                  select
                  fullWidth
                  label="Sponsored members at rank"
                  value={draft.minRankedRank}
                  onChange={(e) => set({ minRankedRank: e.target.value })}
                  {...err('requirements.minRanked')}
                >
                  <MenuItem value="">Not asked</MenuItem>
                  {others.map((r) => (
                    <MenuItem key={r.id} value={String(r.id)}>
                      {r.name} or above
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="How many"
                  value={draft.minRankedCount}
                  inputMode="numeric"
                  disabled={draft.minRankedRank === ''}
                  onChange={(e) => set({ minRankedCount: e.target.value })}
                />
              </Stack>
              <TextField
                label="One-time bonus (USDT)"
                value={draft.bonus}
                inputMode="decimal"
                onChange={(e) => set({ bonus: e.target.value })}
                {...err('bonus')}
              />
              <FormControlLabel
                control={<Switch checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />}
                label="Active (evaluated)"
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDraft(null)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
