import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Consolidation } from '@portal/contract';
import { errorMessage, isApiError } from '../../shared/api/errors';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime, formatMoney } from '../../shared/format';
import { plural } from '../../shared/words';
import { useListParams } from '../../shared/list-params';
import { useToast } from '../../shared/toast';
import { useConsolidations, useStartConsolidation } from './api';
import { TxLink } from './DepositStatus';
import { ChainStatusAlert } from './ChainStatusAlert';
import { AdminTwoFactorNotice } from '../account/AdminTwoFactorNotice';

const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-4)}`;

const SWEEPS = 'Sweeps of deposit addresses: to the hot wallet first, then to the treasury.';

const COLUMNS: Column<Consolidation>[] = [
  {
    id: 'date',
    label: 'Started',
    minWidth: 170,
    render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt)}</span>,
  },
  { id: 'by', label: 'By', secondary: true, render: (c) => c.startedBy ?? '—' },
  {
    id: 'status',
    label: 'Status',
    render: (c) => (
      <StatusChip
        status={c.status}
        color={c.status === 'completed' ? 'success' : c.status === 'failed' ? 'error' : 'warning'}
      />
    ),
  },
  { id: 'addresses', label: 'Addresses swept', secondary: true, align: 'right', render: (c) => c.addresses },
  {
    id: 'total',
    // Not "to treasury": the sweeps fill the hot wallet first (apps/api/src/deposits/sweep-deposit-addresses.ts).
    label: 'Swept',
    align: 'right',
    render: (c) => <Money value={c.totalSwept} unit="USDT" />,
  },
  {
    id: 'txs',
    label: 'Transactions',
    minWidth: 360,
    render: (c) =>
      c.transactions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {c.error ?? 'Nothing above the threshold.'}
        </Typography>
      ) : (
        <Stack spacing={1}>
          {c.transactions.map((t) => (
            <Box
              key={t.id}
              sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', fontSize: '0.8125rem' }}
            >
              <StatusChip status={t.status} />
              <span>{t.kind === 'gas_topup' ? 'Gas top-up' : 'Sweep'}</span>
              <Money value={t.amount} unit={t.unit} />
              <span>
                {short(t.fromAddress)} → {short(t.toAddress)} · nonce {t.nonce}
              </span>
              <TxLink hash={t.txHash} url={t.explorerUrl} />
            </Box>
          ))}
        </Stack>
      ),
  },
];

/** /deposit-consolidate-history: each sweep with its transactions, the totals moved, and the button that starts one. */
export function ConsolidationsPage() {
  const list = useListParams({ filters: [] as const, defaultSort: '-id' });
  const { sort: _sort, ...query } = list.query;
  const consolidations = useConsolidations(query);
  const start = useStartConsolidation();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  // Another run holds the consolidation (apps/api/src/deposits/consolidation-lease.ts): not a failure, a notice that stays until the next attempt.
  const [alreadyRunning, setAlreadyRunning] = useState<string | null>(null);
  const run = () => {
    setAlreadyRunning(null);
    start.mutate(undefined, {
      onSuccess: (c) => {
        setConfirming(false);
        toast.success(
          c.addresses
            ? `Consolidation done: ${formatMoney(c.totalSwept, { unit: 'USDT' })} swept from ${plural(c.addresses, 'address', 'addresses')} to the hot wallet and the treasury.`
            : 'Nothing to sweep: no deposit address holds the threshold.',
        );
      },
      onError: (error) => {
        setConfirming(false);
        if (isApiError(error) && error.code === 'CONSOLIDATION_RUNNING') setAlreadyRunning(error.message);
        else toast.error(errorMessage(error));
      },
    });
  };
  return (
    <>
      <ListCard
        title="Consolidations"
        subheader={
          consolidations.data ? (
            <>
              {SWEEPS} Swept in total: <Money value={consolidations.data.totalSwept} unit="USDT" />
            </>
          ) : (
            SWEEPS
          )
        }
        action={
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={start.isPending}>
            Consolidate now
          </Button>
        }
        notice={
          <>
            <Box sx={{ px: 5 }}>
              <AdminTwoFactorNotice action="start consolidations" />
            </Box>
            <ChainStatusAlert />
          </>
        }
        label="Consolidations"
        columns={COLUMNS}
        columnChooser="consolidations"
        list={list}
        result={consolidations}
        empty="No consolidation has run yet."
      >
        {alreadyRunning && (
          <Alert
            severity="info"
            role="status"
            sx={{ mx: 6, mb: 4 }}
            data-testid="consolidation-running"
            onClose={() => setAlreadyRunning(null)}
          >
            {alreadyRunning}
          </Alert>
        )}
      </ListCard>
      <ConfirmDialog
        open={confirming}
        title="Consolidate deposits?"
        confirmLabel="Consolidate"
        busy={start.isPending}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      >
        <Typography>
          Every deposit address holding at least the consolidation threshold (see Settings) is swept, its gas topped up
          from the gas wallet first: to the hot wallet until it holds what withdrawals need plus its target, the rest to
          the treasury. A consolidation interrupted by the chain resumes when you start it again.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
