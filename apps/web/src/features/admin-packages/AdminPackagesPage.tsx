import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Package } from '@portal/contract';
import { errorMessage, isApiError, isSessionEnded } from '../../shared/api/errors';
import { ChangeReview, changesOf } from '../../shared/components/ChangeReview';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { fieldMessage } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { useAdminPackages, useSavePackage } from '../packages/api';
import { formatBV } from '../../shared/format';

type Draft = { id?: number; name: string; price: string; bv: string; dailyCap: string; active: boolean };
const EMPTY: Draft = { name: '', price: '', bv: '', dailyCap: '', active: true };
const FIELDS = ['name', 'price', 'bv', 'dailyCap', 'active'] as const;
const FIELD_LABELS: Record<(typeof FIELDS)[number], { label: string; unit?: string }> = {
  name: { label: 'Name' },
  price: { label: 'Price', unit: 'USDT' },
  bv: { label: 'Business volume', unit: 'BV' },
  dailyCap: { label: 'Daily matching cap', unit: 'USDT' },
  active: { label: 'On sale' },
};

/** /admin/packages: the catalogue; add, edit, deactivate (audited by the API). */
export function AdminPackagesPage() {
  const toast = useToast();
  const packages = useAdminPackages();
  const save = useSavePackage();
  const [draft, setDraft] = useState<Draft | null>(null);
  /** The package as it was when the dialog opened: the review shows what the save changes. */
  const [original, setOriginal] = useState<Draft>(EMPTY);
  const [reviewing, setReviewing] = useState(false);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const open = (value: Draft) => {
    setFieldError(null);
    setReviewing(false);
    setOriginal(value);
    setDraft(value);
  };
  const changes = draft
    ? changesOf(original, { ...draft, name: draft.name.trim() }, FIELDS, (field) => FIELD_LABELS[field])
    : [];

  const columns: Column<Package>[] = [
    { id: 'name', label: 'Name', render: (p) => p.name },
    { id: 'price', label: 'Price', align: 'right', render: (p) => <Money value={p.price} unit="USDT" /> },
    { id: 'bv', label: 'BV', align: 'right', render: (p) => formatBV(p.bv) },
    { id: 'cap', label: 'Daily cap', align: 'right', render: (p) => <Money value={p.dailyCap} unit="USDT" /> },
    { id: 'status', label: 'Status', render: (p) => <StatusChip status={p.active ? 'active' : 'inactive'} /> },
    {
      id: 'actions',
      label: '',
      align: 'right',
      pinned: true,
      render: (p) => (
        <Button
          size="small"
          onClick={() =>
            open({ id: p.id, name: p.name, price: p.price, bv: p.bv, dailyCap: p.dailyCap, active: p.active })
          }
        >
          Edit
        </Button>
      ),
    },
  ];

  const review = () => {
    if (changes.length === 0) {
      toast.info('Nothing changed.');
      return;
    }
    setFieldError(null);
    setReviewing(true);
  };

  const submit = async () => {
    if (!draft) return;
    const { id, ...body } = draft;
    try {
      const saved = await save.mutateAsync({ id, body: { ...body, name: body.name.trim() } });
      toast.success(`${saved.name} saved.`);
      setDraft(null);
    } catch (error) {
      // A refused value goes back beside its field, in words; anything else is the one toast.
      const field = isApiError(error) ? error.field : undefined;
      if (field && field in FIELD_LABELS) {
        setFieldError({ field, message: fieldMessage(errorMessage(error), field) });
        setReviewing(false);
      } else toast.error(errorMessage(error));
    }
  };
  const err = (field: keyof Draft) =>
    fieldError?.field === field ? { error: true, helperText: fieldError.message } : {};

  return (
    <Card>
      <CardHeader
        title="Packages"
        subheader="Price and caps in USDT. Changes apply to later purchases and closes; deactivated packages can no longer be bought."
        action={
          <Button variant="contained" onClick={() => open(EMPTY)}>
            Add package
          </Button>
        }
      />
      <DataTable
        label="Packages"
        columns={columns}
        rows={packages.data?.items}
        total={packages.data?.items.length}
        rowKey={(p) => p.id}
        page={1}
        pageSize={100}
        onPage={() => undefined}
        onPageSize={() => undefined}
        hidePagination
        loading={packages.isPending}
        error={packages.isError && !isSessionEnded(packages.error) ? packages.error : undefined}
        onRetry={() => void packages.refetch()}
        empty="No packages yet."
      />
      <Dialog open={!!draft} onClose={save.isPending ? undefined : () => setDraft(null)} fullWidth maxWidth="xs">
        <DialogTitle>{reviewing ? 'Review the changes' : draft?.id ? 'Edit package' : 'Add package'}</DialogTitle>
        <DialogContent>
          {draft && reviewing && <ChangeReview changes={changes} />}
          {draft && !reviewing && (
            <Stack spacing={4} sx={{ mt: 2 }}>
              <TextField
                label="Name"
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                {...err('name')}
              />
              <TextField
                label="Price (USDT)"
                value={draft.price}
                inputMode="decimal"
                onChange={(e) => setDraft({ ...draft, price: e.target.value })}
                {...err('price')}
              />
              <TextField
                label="Business volume (BV)"
                value={draft.bv}
                inputMode="decimal"
                onChange={(e) => setDraft({ ...draft, bv: e.target.value })}
                {...err('bv')}
              />
              <TextField
                label="Daily matching cap (USDT)"
                value={draft.dailyCap}
                inputMode="decimal"
                onChange={(e) => setDraft({ ...draft, dailyCap: e.target.value })}
                {...err('dailyCap')}
              />
              <FormControlLabel
                control={
                  <Switch checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.target.checked })} />
                }
                label="On sale"
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {reviewing ? (
            <>
              <Button onClick={() => setReviewing(false)} disabled={save.isPending}>
                Back
              </Button>
              <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
                Save
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => setDraft(null)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button variant="contained" onClick={review}>
                Review
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </Card>
  );
}
