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
import { DataTable, type Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { useToast } from '../../shared/toast';
import { useAdminPackages, useSavePackage } from '../packages/api';

type Draft = { id?: number; name: string; price: string; bv: string; dailyCap: string; active: boolean };
const EMPTY: Draft = { name: '', price: '', bv: '', dailyCap: '', active: true };

/** /admin/packages: the catalogue; add, edit, deactivate (audited by the API). */
export function AdminPackagesPage() {
  const toast = useToast();
  const packages = useAdminPackages();
  const save = useSavePackage();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);

  const columns: Column<Package>[] = [
    { id: 'name', label: 'Name', render: (p) => p.name },
    { id: 'price', label: 'Price', align: 'right', render: (p) => <Money value={p.price} unit="USDT" /> },
    { id: 'bv', label: 'BV', align: 'right', render: (p) => p.bv },
    { id: 'cap', label: 'Daily cap', align: 'right', render: (p) => <Money value={p.dailyCap} unit="USDT" /> },
    { id: 'status', label: 'Status', render: (p) => <StatusChip status={p.active ? 'active' : 'inactive'} /> },
    {
      id: 'actions',
      label: '',
      align: 'right',
      render: (p) => (
        <Button size="small" onClick={() => { setFieldError(null); setDraft({ id: p.id, name: p.name, price: p.price, bv: p.bv, dailyCap: p.dailyCap, active: p.active }); }}>
          Edit
        </Button>
      ),
    },
  ];

  const submit = async () => {
    if (!draft) return;
    const { id, ...body } = draft;
    try {
      const saved = await save.mutateAsync({ id, body: { ...body, name: body.name.trim() } });
      toast.success(`${saved.name} saved.`);
      setDraft(null);
    } catch (error) {
      toast.error(errorMessage(error));
      setFieldError({ field: isApiError(error) ? error.field : undefined, message: errorMessage(error) });
    }
  };
  const err = (field: keyof Draft) => (fieldError?.field === field ? { error: true, helperText: fieldError.message } : {});

  return (
    <Card>
      <CardHeader
        title="Packages"
        subheader="Price and caps in USDT. Changes apply to later purchases and closes; deactivated packages can no longer be bought."
        action={<Button variant="contained" onClick={() => { setFieldError(null); setDraft(EMPTY); }}>Add package</Button>}
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
        <DialogTitle>{draft?.id ? 'Edit package' : 'Add package'}</DialogTitle>
        <DialogContent>
          {draft && (
            <Stack spacing={4} sx={{ mt: 2 }}>
              <TextField label="Name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} {...err('name')} />
              <TextField label="Price (USDT)" value={draft.price} inputMode="decimal" onChange={(e) => setDraft({ ...draft, price: e.target.value })} {...err('price')} />
              <TextField label="Business volume (BV)" value={draft.bv} inputMode="decimal" onChange={(e) => setDraft({ ...draft, bv: e.target.value })} {...err('bv')} />
              <TextField label="Daily matching cap (USDT)" value={draft.dailyCap} inputMode="decimal" onChange={(e) => setDraft({ ...draft, dailyCap: e.target.value })} {...err('dailyCap')} />
              <FormControlLabel control={<Switch checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.target.checked })} />} label="On sale" />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDraft(null)} disabled={save.isPending}>Cancel</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>Save</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
