import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  endpoints,
  fromBaseUnits,
  REJECTION_REASON_MAX,
  rejectionReasonSchema,
  toBaseUnits,
  type Redemption,
} from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { ConfirmAmount, ConfirmDialog, ConfirmLine } from '../../shared/components/ConfirmDialog';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { formatPoints } from '../../shared/format';
import { useSelection } from '../../shared/hooks/useSelection';
import { OwnMoneyNote, useIsOwn } from '../../shared/components/OwnMoneyNote';
import { isAnswerLost, newIdempotencyKey } from '../../shared/idempotency';
import { filterProps, useListParams } from '../../shared/list-params';
import { useToast } from '../../shared/toast';
import { useAdminRedemptions, useDecideRedemptions } from './api';
import { redemptionColumns as c } from './RedemptionColumns';
import { AdminTwoFactorNotice } from '../account/AdminTwoFactorNotice';

type Decision = { action: 'approve' | 'reject'; rows: Redemption[]; key: string };

/** Points are decimal strings: added as base units, never as JS numbers. */
const total = (rows: Redemption[]) => fromBaseUnits(rows.reduce((sum, r) => sum + toBaseUnits(r.points), 0n));

/** /redemption-approval: pending redemptions; approve (shipped) or reject with a reason, one or many at once. */
export function RedemptionApprovalPage() {
  const toast = useToast();
  const list = useListParams({ filters: ['search', 'from', 'to'] as const, defaultSort: 'createdAt' });
  const query = useMemo(() => ({ ...list.query, status: 'pending' }), [list.query]);
  const redemptions = useAdminRedemptions(query);
  const decide = useDecideRedemptions();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const rows = redemptions.data?.items ?? [];
  // An admin's own redemptions are another admin's to decide: never selected, the reason shown in their place.
  const isOwn = useIsOwn();
  const selection = useSelection(rows.filter((r) => !isOwn(r.member.id)));
  const open = (action: Decision['action'], chosen: Redemption[]) => {
    setReason('');
    setReasonError(null);
    setDecision({ action, rows: chosen, key: newIdempotencyKey() });
  };

  const confirm = async () => {
    if (!decision) return;
    const ids = decision.rows.map((r) => r.id);
    let checkedReason = '';
    if (decision.action === 'reject') {
      const parsed = rejectionReasonSchema.safeParse(reason);
      if (!parsed.success) {
        setReasonError(parsed.error.issues[0]?.message ?? 'Give a reason');
        return;
      }
      checkedReason = parsed.data;
    }
    try {
      const done = await decide.mutateAsync(
        decision.action === 'approve'
          ? { action: 'approve', ids }
          : { action: 'reject', ids, reason: checkedReason, key: decision.key },
      );
      const count = done.items.length;
      toast.success(
        decision.action === 'approve'
          ? `Approved ${count} redemption${count === 1 ? '' : 's'} for shipping.`
          : `Rejected ${count} redemption${count === 1 ? '' : 's'}; points and stock returned.`,
      );
      selection.forget(ids);
      setDecision(null);
    } catch (error) {
      toast.error(errorMessage(error));
      if (isAnswerLost(error)) return;
      setDecision(null);
    }
  };

  const columns: Column<Redemption>[] = [
    {
      id: 'select',
      label: '',
      render: (r) =>
        isOwn(r.member.id) ? null : (
          <Checkbox
            checked={selection.has(r.id)}
            onChange={() => selection.toggle(r)}
            slotProps={{ input: { 'aria-label': `Select R-${r.id}` } }}
          />
        ),
    },
    // The approval's key figures (who, what, how many points, where to) and its actions stay; the date is a detail.
    { ...c.date, secondary: true },
    c.reference,
    c.member,
    c.product,
    c.points,
    c.address,
    {
      id: 'actions',
      label: 'Actions',
      align: 'right',
      pinned: true,
      render: (r) =>
        isOwn(r.member.id) ? (
          <OwnMoneyNote what="redemption" />
        ) : (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button size="small" color="success" onClick={() => open('approve', [r])} aria-label={`Approve R-${r.id}`}>
              Approve
            </Button>
            <Button size="small" color="error" onClick={() => open('reject', [r])} aria-label={`Reject R-${r.id}`}>
              Reject
            </Button>
          </Stack>
        ),
    },
  ];
  const { chosen } = selection;

  return (
    <>
      <ListCard
        stackOnPhone
        title="Pending redemptions"
        subheader="Approve when shipped. A rejection returns the points to the member and the pieces to stock."
        action={<CsvExportButton list={endpoints.redemptions.adminList} name="redemptions-pending" query={query} />}
        notice={
          <Box sx={{ px: 5 }}>
            <AdminTwoFactorNotice action="approve redemptions" />
          </Box>
        }
        filters={<SearchField label="Search member or product" {...filterProps(list, 'search')} />}
        dayRange
        label="Pending redemptions"
        columns={columns}
        columnChooser="redemption-approval"
        list={list}
        result={redemptions}
        empty="No redemption is waiting for approval."
      >
        <Box sx={{ px: 5, pb: 3, display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Checkbox checked={selection.allOnPage} onChange={selection.togglePage} disabled={rows.length === 0} />
            }
            label="Select this page"
          />
          <Typography variant="body2" color="text.secondary" data-testid="selected-count">
            {chosen.length} selected
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="contained"
            color="success"
            disabled={chosen.length === 0}
            onClick={() => open('approve', chosen)}
          >
            Approve selected
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={chosen.length === 0}
            onClick={() => open('reject', chosen)}
          >
            Reject selected
          </Button>
        </Box>
      </ListCard>

      <ConfirmDialog
        open={!!decision}
        title={decision?.action === 'reject' ? 'Reject redemptions' : 'Approve redemptions'}
        confirmLabel={decision?.action === 'reject' ? 'Reject' : 'Approve'}
        color={decision?.action === 'reject' ? 'error' : 'primary'}
        busy={decide.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setDecision(null)}
      >
        {decision && (
          <Box data-testid="decision-confirmation">
            <ConfirmLine label="Redemptions">{decision.rows.map((r) => `R-${r.id}`).join(', ')}</ConfirmLine>
            <ConfirmAmount label="Points in all" value={total(decision.rows)} unit="points" strong />
            {decision.action === 'approve' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
                Approving marks {decision.rows.length === 1 ? 'it' : 'them'} as shipped. This is final.
              </Typography>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ my: 3 }}>
                  {formatPoints(total(decision.rows))} go back to the members and the pieces back to stock. The members
                  see the reason.
                </Typography>
                <TextField
                  label="Reason"
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError(null);
                  }}
                  error={!!reasonError}
                  helperText={reasonError ?? 'Shown to the member'}
                  multiline
                  minRows={2}
                  fullWidth
                  required
                  slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX } }}
                />
              </>
            )}
          </Box>
        )}
      </ConfirmDialog>
    </>
  );
}

const HISTORY_CHOICES = [
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];
const HISTORY_COLUMNS: Column<Redemption>[] = [
  // When it was decided is in the decision; when it was redeemed is a detail.
  { ...c.date, label: 'Redeemed', secondary: true },
  c.reference,
  c.member,
  c.product,
  c.points,
  c.status,
  { ...c.decision, sortField: 'decidedAt' },
  { ...c.address, secondary: true },
];

/** /redemption-approval-history: every decided redemption, with who decided, when and why. */
export function RedemptionApprovalHistoryPage() {
  const list = useListParams({ filters: ['status', 'search', 'from', 'to'] as const, defaultSort: '-decidedAt' });
  const query = useMemo(
    () => ({ ...list.query, status: list.filters.status || 'decided' }),
    [list.query, list.filters.status],
  );
  const redemptions = useAdminRedemptions(query);
  return (
    <ListCard
      stackOnPhone
      title="Redemption decisions"
      subheader="Approved (shipped) and rejected redemptions."
      action={<CsvExportButton list={endpoints.redemptions.adminList} name="redemption-decisions" query={query} />}
      filters={
        <>
          <SearchField label="Search member or product" {...filterProps(list, 'search')} />
          <SelectFilter
            label="Decision"
            choices={HISTORY_CHOICES}
            anyLabel="Approved or rejected"
            {...filterProps(list, 'status')}
          />
        </>
      }
      dayRange
      label="Redemption decisions"
      columns={HISTORY_COLUMNS}
      columnChooser="redemption-decisions"
      list={list}
      result={redemptions}
      empty="No redemption has been decided yet."
    />
  );
}
