import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  endpoints,
  screeningAddBodySchema,
  screeningReasonSchema,
  SCREENING_SOURCE_LABELS,
  screeningSources,
  type ScreeningEntry,
} from '@portal/contract';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../shared/api/errors';
import type { z } from 'zod';
import { ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { StatusChip } from '../../shared/components/StatusChip';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { formatDateTime } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useReasonField } from '../../shared/hooks/useReasonField';
import { filterProps, useListParams } from '../../shared/list-params';
import { useToast } from '../../shared/toast';
import { AdminTwoFactorNotice } from '../account/AdminTwoFactorNotice';
import { useAddScreened, useRemoveScreened, useScreeningList } from './api';
import { ImportDialog } from './ImportDialog';

const SOURCE_CHOICES = screeningSources.map((value) => ({ value, label: SCREENING_SOURCE_LABELS[value] }));
const STATE_CHOICES = [
  { value: 'removed', label: 'Removed' },
  { value: 'all', label: 'Listed and removed' },
];

type AddInput = z.input<typeof screeningAddBodySchema>;
type AddBody = z.output<typeof screeningAddBodySchema>;

/**
 * /address-screening: the addresses no withdrawal may go to and whose
 * deposits are held for a decision (docs/decisions/0036-address-screening.md),
 * added one at a time or from a CSV; the list file's entries are shown
 * beside them and change with the file.
 */
export function ScreeningPage() {
  const list = useListParams({ filters: ['search', 'source', 'state'] as const, defaultSort: '-createdAt' });
  const entries = useScreeningList(list.query);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const removal = useRemoval();

  const columns: Column<ScreeningEntry>[] = [
    {
      id: 'address',
      label: 'Address',
      render: (e) => <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{e.address}</span>,
    },
    { id: 'reason', label: 'Reason', minWidth: 200, render: (e) => e.reason },
    {
      id: 'source',
      label: 'Source',
      render: (e) =>
        e.removedAt ? (
          <StatusChip status="removed" color="secondary" label="Removed" />
        ) : (
          <StatusChip
            status={e.source}
            color={e.source === 'file' ? 'info' : 'primary'}
            label={e.source === 'file' ? 'List file' : 'Admin'}
          />
        ),
    },
    {
      id: 'added',
      label: 'Added',
      minWidth: 170,
      render: (e) => (
        <>
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</span>
          {e.createdBy ? <Typography variant="body2" color="text.secondary">{`by ${e.createdBy}`}</Typography> : null}
        </>
      ),
    },
    {
      id: 'removed',
      label: 'Removed',
      minWidth: 170,
      render: (e) =>
        e.removedAt ? (
          <>
            <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.removedAt)}</span>
            <Typography variant="body2" color="text.secondary">
              {`by ${e.removedBy ?? '—'}: ${e.removalReason ?? ''}`}
            </Typography>
          </>
        ) : (
          '—'
        ),
    },
    {
      id: 'actions',
      label: 'Actions',
      align: 'right',
      pinned: true,
      render: (e) =>
        e.removedAt || e.source === 'file' ? null : (
          <Button size="small" color="error" onClick={() => removal.open(e)} aria-label={`Remove ${e.address}`}>
            Remove
          </Button>
        ),
    },
  ];

  return (
    <>
      <ListCard
        title="Address screening"
        subheader="Withdrawals to these addresses are refused; deposits from them are held until an admin credits or rejects them on All Deposits."
        action={
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Button variant="contained" onClick={() => setAdding(true)}>
              Add address
            </Button>
            <Button variant="outlined" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <CsvExportButton list={endpoints.screening.adminList} name="screening-list" query={list.query} />
          </Stack>
        }
        notice={
          <Box sx={{ px: 5 }}>
            <AdminTwoFactorNotice action="remove addresses from the list" />
          </Box>
        }
        filters={
          <>
            <SearchField label="Search address or reason" {...filterProps(list, 'search')} />
            <SelectFilter label="Source" choices={SOURCE_CHOICES} {...filterProps(list, 'source')} />
            <SelectFilter label="Shown" anyLabel="Listed now" choices={STATE_CHOICES} {...filterProps(list, 'state')} />
          </>
        }
        label="Screened addresses"
        columns={columns}
        list={list}
        result={entries}
        empty="No address matches these filters."
      />
      <AddDialog open={adding} onClose={() => setAdding(false)} />
      {removal.dialog}
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}

/** An address and its reason, then one request; a refusal goes to its field, anything else is the one toast. */
function AddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddScreened();
  const toast = useToast();
  const form = useForm<AddInput, unknown, AddBody>({
    resolver: zodResolver(screeningAddBodySchema),
    defaultValues: { address: '', reason: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    try {
      const entry = await add.mutateAsync(body);
      toast.success(`${entry.address} is on the screening list.`);
      close();
    } catch (error) {
      if (!applyServerFieldError(error, form.setError, ['address', 'reason'])) toast.error(errorMessage(error));
    }
  });
  return (
    <Dialog
      open={open}
      onClose={add.isPending ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="screen-add"
    >
      <DialogTitle id="screen-add">Add an address to the screening list</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-label="Add an address">
        <DialogContent>
          <Stack spacing={5}>
            <TextField
              label="BEP20 address"
              {...fieldProps(form, 'address', '0x followed by 40 hexadecimal characters, any case.')}
            />
            <TextField
              label="Reason"
              {...fieldProps(form, 'reason', 'Kept with the entry and in the audit log; members are never told it.')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="secondary" onClick={close} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            Add
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Taking an address off the list lets money go to it again: the shared
 * confirmation, with the reason asked in it. `open(entry)` starts it;
 * `dialog` is drawn once by the page.
 */
function useRemoval() {
  const remove = useRemoveScreened();
  const reason = useReasonField(screeningReasonSchema);
  const flow = useConfirmedMutation({
    send: (entry: ScreeningEntry) => remove.mutateAsync({ id: entry.id, reason: reason.value() }),
    // On a live portal the removal waits for another admin and the delay: the entry comes back still listed.
    successMessage: (done) =>
      done.removedAt
        ? `${done.address} is off the screening list.`
        : `Taking ${done.address} off the list waits for another admin and the delay: see Settings → Pending changes.`,
  });
  const open = (entry: ScreeningEntry) => {
    reason.reset();
    flow.open(entry);
  };
  const confirm = () => {
    if (reason.checked() !== undefined) flow.dialog.onConfirm();
  };
  const entry = flow.pending;
  const dialog = (
    <ConfirmDialog
      title="Remove from the screening list"
      confirmLabel="Remove"
      color="error"
      {...flow.dialog}
      onConfirm={confirm}
    >
      {entry && (
        <ConfirmSummary
          testId="screening-remove"
          note="Withdrawals to this address are accepted again once it is removed."
        >
          <ConfirmLine label="Address">{entry.address}</ConfirmLine>
          <ConfirmLine label="Listed for">{entry.reason}</ConfirmLine>
          {reason.field('Reason for removing it', 'Required; kept in the history and the audit log.')}
        </ConfirmSummary>
      )}
    </ConfirmDialog>
  );
  return { open, dialog };
}
