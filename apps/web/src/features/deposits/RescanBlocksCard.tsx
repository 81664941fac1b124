import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RESCAN_MAX_BLOCKS, startRescanSchema, type Rescan } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../shared/api/errors';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { StatusChip, type StatusColor } from '../../shared/components/StatusChip';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { formatCount, formatDateTime } from '../../shared/format';
import { plural } from '../../shared/words';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { useCancelRescan, useChainStatus, useRescans, useStartRescan } from './api';

const STATUS: Record<Rescan['status'], { label: string; color: StatusColor }> = {
  running: { label: 'Running', color: 'info' },
  done: { label: 'Done', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'warning' },
};

const percent = (r: Rescan) => (r.blocksTotal ? Math.floor((r.blocksDone * 100) / r.blocksTotal) : 100);
const blocks = (r: Rescan) => `${r.fromBlock}–${r.toBlock}`;
const counts = (r: Rescan) =>
  `Found ${formatCount(r.found)} · credited ${formatCount(r.credited)} · held ${formatCount(r.held)} · below minimum ${formatCount(r.belowMinimum)}`;

const COLUMNS: Column<Rescan>[] = [
  { id: 'id', label: 'Rescan', render: (r) => `#${r.id}` },
  { id: 'blocks', label: 'Blocks', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{blocks(r)}</span> },
  {
    id: 'status',
    label: 'Status',
    render: (r) => <StatusChip status={r.status} label={STATUS[r.status].label} color={STATUS[r.status].color} />,
  },
  { id: 'found', label: 'Found', align: 'right', render: (r) => formatCount(r.found) },
  { id: 'credited', label: 'Credited', align: 'right', render: (r) => formatCount(r.credited) },
  { id: 'held', label: 'Held', align: 'right', secondary: true, render: (r) => formatCount(r.held) },
  { id: 'by', label: 'By', secondary: true, render: (r) => r.startedBy ?? '—' },
  {
    id: 'started',
    label: 'Started',
    secondary: true,
    minWidth: 170,
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>,
  },
];

/**
 * "Rescan blocks" (apps/api/src/deposits/rescan/): an admin gives a range
 * of final blocks, the portal reads it in the background for transfers to
 * deposit addresses the watcher never read and credits them exactly once.
 * The latest rescan's progress is polled while it runs, with a cancel; the
 * last few are listed below. One feedback per action: the progress panel
 * for a start, a refusal on its field (or a toast), a toast for a cancel.
 */
export function RescanBlocksCard() {
  const toast = useToast();
  const rescans = useRescans();
  const start = useStartRescan();
  const cancel = useCancelRescan();
  const finalBlock = useChainStatus().data?.finalBlock ?? null;
  const form = useForm<z.input<typeof startRescanSchema>, unknown, z.output<typeof startRescanSchema>>({
    resolver: zodResolver(startRescanSchema),
    defaultValues: { fromBlock: '', toBlock: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await start.mutateAsync(values);
    } catch (error) {
      if (!applyServerFieldError(error, form.setError, ['fromBlock', 'toBlock'])) toast.error(errorMessage(error));
    }
  });
  const onCancel = async (rescan: Rescan) => {
    try {
      await cancel.mutateAsync(rescan.id);
      toast.success(`Rescan #${rescan.id} cancelled: what it credited stays credited.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const latest = rescans.data?.items[0];
  return (
    <Card>
      <CardHeader
        title="Rescan blocks"
        subheader={`Read a range of final blocks again for USDT transfers to deposit addresses the watcher never read (before its start block, for instance): they are recorded and credited once, like any deposit. At most ${formatCount(RESCAN_MAX_BLOCKS)} blocks, one rescan at a time.`}
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Rescan blocks">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="From block"
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              {...fieldProps(form, 'fromBlock')}
            />
            <TextField
              label="To block"
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              {...fieldProps(form, 'toBlock', finalBlock ? `The node's final block is ${finalBlock}.` : undefined)}
            />
            <SubmitButton loading={form.formState.isSubmitting} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
              Start rescan
            </SubmitButton>
          </Stack>
        </Box>
        {latest ? (
          <Box sx={{ mt: 5 }} data-testid="rescan-progress">
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
              <Typography variant="subtitle2">
                Rescan #{latest.id}, blocks {blocks(latest)}
              </Typography>
              <StatusChip
                status={latest.status}
                label={STATUS[latest.status].label}
                color={STATUS[latest.status].color}
              />
            </Stack>
            <LinearProgress
              variant="determinate"
              value={percent(latest)}
              aria-label={`Rescan #${latest.id} progress`}
            />
            <Typography variant="body2" sx={{ mt: 2 }} role="status">
              {formatCount(latest.blocksDone)} of {plural(latest.blocksTotal, 'block')} read ({percent(latest)} %).{' '}
              {counts(latest)}.
            </Typography>
            {latest.error ? (
              <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                {latest.status === 'failed' ? 'Failed: ' : 'Last error (retrying): '}
                {latest.error}
              </Typography>
            ) : null}
            {latest.status === 'running' ? (
              <Button
                variant="outlined"
                color="error"
                sx={{ mt: 3 }}
                disabled={cancel.isPending}
                onClick={() => void onCancel(latest)}
              >
                Cancel rescan
              </Button>
            ) : null}
          </Box>
        ) : null}
      </CardContent>
      <DataTable
        label="Recent rescans"
        columns={COLUMNS}
        rows={rescans.data?.items}
        total={rescans.data?.total}
        rowKey={(r) => r.id}
        page={1}
        pageSize={5}
        onPage={() => undefined}
        onPageSize={() => undefined}
        hidePagination
        loading={rescans.isPending}
        error={rescans.error}
        onRetry={() => void rescans.refetch()}
        empty="No rescans yet."
      />
    </Card>
  );
}
