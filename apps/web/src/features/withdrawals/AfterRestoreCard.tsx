import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RestoreCheckList } from '@portal/contract';
import { Fragment } from 'react';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatCount, formatDateTime } from '../../shared/format';
import { TxLink } from '../deposits/DepositStatus';
import { useRestoreChecks } from './api';

type RestoreCheck = RestoreCheckList['items'][number];
type HeldPayout = RestoreCheck['payouts'][number];

/** What the payout job did with a held payout, in words (apps/api/src/withdrawals/payout/after-restore.ts). */
export function outcomeWords(outcome: HeldPayout['outcome']): { title: string; detail: string } {
  switch (outcome) {
    case 'found':
      return {
        title: 'Found on chain: settled as paid',
        detail:
          'The old portal paid it after the backup. Recorded as paid with that transaction; nothing is sent again.',
      };
    case 'released':
      return {
        title: 'Not found on chain: released',
        detail: 'Still approved: the payout job pays it as usual. It does not go back to the approval queue.',
      };
    default:
      return { title: 'Waiting for the check', detail: 'Not paid until the check is done.' };
  }
}

/** The blocks read: from the deposit watcher's cursor in the backup to the head the check first saw. */
function blockRange(check: RestoreCheck): string {
  const from = check.fromBlock === null ? 'the first block' : `block ${check.fromBlock}`;
  const to = check.toBlock === null ? "the chain's head when the check starts" : `block ${check.toBlock}`;
  return `Blocks read: from ${from} to ${to}.`;
}

function statusLine(check: RestoreCheck): string {
  if (check.status === 'pending') return "Reading the hot wallet's transfers since the backup; the payouts below wait.";
  const found = check.payouts.filter((p) => p.outcome === 'found').length;
  const released = check.payouts.filter((p) => p.outcome === 'released').length;
  return `Done ${formatDateTime(check.finishedAt)}: ${formatCount(found)} found on chain and settled as paid, ${formatCount(released)} released to be paid as usual.`;
}

const COLUMNS: Column<HeldPayout>[] = [
  {
    id: 'withdrawal',
    label: 'Withdrawal',
    // One box per cell: on a phone the stacked cell lays its children side by side (DataTable `stackOnPhone`).
    render: (p) => (
      <Box>
        <Typography variant="body2" component="p">
          #{p.withdrawalId}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Payout #{p.payoutId}
        </Typography>
      </Box>
    ),
  },
  {
    id: 'outcome',
    label: 'Outcome',
    minWidth: 220,
    render: (p) => {
      const words = outcomeWords(p.outcome);
      return (
        <Box>
          <Typography variant="subtitle2" component="p">
            {words.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {words.detail}
          </Typography>
        </Box>
      );
    },
  },
  {
    id: 'tx',
    label: 'Transaction',
    render: (p) => (p.txHash ? <TxLink hash={p.txHash} url={p.explorerUrl} /> : '—'),
  },
];

function CheckSection({ check }: { check: RestoreCheck }) {
  const restored = formatDateTime(check.restoredAt);
  return (
    <Box data-testid={`restore-check-${check.id}`}>
      <Stack spacing={1} sx={{ px: 5, py: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            Restored {restored}
          </Typography>
          <StatusChip
            status={check.status}
            color={check.status === 'pending' ? 'warning' : 'success'}
            label={check.status === 'pending' ? 'Checking' : 'Done'}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {blockRange(check)}
        </Typography>
        <Typography variant="body2" role={check.status === 'pending' ? 'status' : undefined}>
          {statusLine(check)}
        </Typography>
      </Stack>
      <DataTable
        label={`Payouts held by the restore of ${restored}`}
        stackOnPhone
        columns={COLUMNS}
        rows={check.payouts}
        total={check.payouts.length}
        rowKey={(p) => p.payoutId}
        rowTestId={(p) => `restore-payout-${p.payoutId}`}
        page={0}
        pageSize={Math.max(check.payouts.length, 1)}
        onPage={() => undefined}
        onPageSize={() => undefined}
        hidePagination
        loading={false}
        empty="No payout was held."
      />
    </Box>
  );
}

/**
 * "After a restore" on /withdraw-approval: the payouts `npm run db:restore`
 * held (approved, not yet paid in the backup: the old portal may have paid
 * them after it) and what the payout job found when it matched them with the
 * hot wallet's transfers on chain (apps/api/src/withdrawals/payout/after-restore.ts).
 * Read again every few seconds while a check is pending (`useRestoreChecks`).
 * Nothing when no restore was made.
 */
export function AfterRestoreCard() {
  const checks = useRestoreChecks().data?.items ?? [];
  if (checks.length === 0) return null;
  return (
    <Card id="after-restore" data-testid="after-restore">
      <CardHeader
        title="After a restore"
        subheader="A restore holds every payout approved but not yet paid in the backup, since the old portal may have paid it after the backup. No payout is sent until the payout job has matched each one (recipient and amount) with the hot wallet's transfers on chain since the backup."
      />
      {checks.map((check, i) => (
        <Fragment key={check.id}>
          {i > 0 && <Divider />}
          <CheckSection check={check} />
        </Fragment>
      ))}
    </Card>
  );
}
