import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  endpoints,
  fromBaseUnits,
  policyLimit,
  toBaseUnits,
  withdrawalStatuses,
  type Withdrawal,
} from '@portal/contract';
import { api } from '../../shared/api/instance';
import { AdminTwoFactorNotice } from '../account/AdminTwoFactorNotice';
import { TxLink } from '../deposits/DepositStatus';
import { adminKeys } from '../admin-transactions/api';
import { errorMessage } from '../../shared/api/errors';
import { ConfirmAmount, ConfirmDialog, ConfirmLine } from '../../shared/components/ConfirmDialog';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { OwnMoneyNote, useIsOwn } from '../../shared/components/OwnMoneyNote';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useSelection } from '../../shared/hooks/useSelection';
import { filterProps, useListParams } from '../../shared/list-params';
import { useToast } from '../../shared/toast';
import { useAdminWithdrawals, useDecideWithdrawals, useHotWallet, useMemberActivity, useMyWithdrawals } from './api';
import { decisionToasts } from './decision-toasts';
import { NeedsAttention } from './NeedsAttention';
import { AfterRestoreCard } from './AfterRestoreCard';
import { usePayoutActions } from './usePayoutActions';

const STATUS_CHOICES = withdrawalStatuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/** Who approved, under which rule: the first approval of two shown while the second is awaited. */
function ApprovalCell({ w }: { w: Withdrawal }) {
  const admins = w.approvals.map((a) => (a.automatic ? null : `@${a.by?.username}`));
  const said =
    w.status === 'pending'
      ? admins[0]
        ? `First approval by ${admins[0]}, waiting for a second admin`
        : ''
      : admins.length === 0
        ? ''
        : admins[0] === null
          ? 'Approved automatically'
          : `Approved by ${admins.join(' and ')}`;
  if (!said) return null;
  return (
    <>
      {said}
      {w.approvalPolicy && (
        <Typography variant="body2" color="text.secondary">
          {w.approvalPolicy.description}
        </Typography>
      )}
    </>
  );
}

const mono = (text: string) => <span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{text}</span>;

function baseColumns(admin: boolean): Column<Withdrawal>[] {
  return [
    {
      id: 'date',
      label: 'Date',
      sortField: 'createdAt',
      minWidth: 160,
      render: (w) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(w.createdAt)}</span>,
    },
    ...(admin
      ? [
          {
            id: 'member',
            label: 'Member',
            minWidth: 150,
            render: (w: Withdrawal) => (
              <>
                {w.member.fullName}
                <Typography variant="body2" color="text.secondary">
                  @{w.member.username}
                </Typography>
              </>
            ),
          },
        ]
      : []),
    {
      id: 'amount',
      label: 'Amount',
      sortField: 'amount',
      align: 'right',
      render: (w) => <Money value={w.amount} unit="USDT" />,
    },
    { id: 'fee', label: 'Fee', align: 'right', render: (w) => <Money value={w.fee} unit="USDT" /> },
    { id: 'net', label: 'Arrives', align: 'right', render: (w) => <Money value={w.net} unit="USDT" /> },
    { id: 'address', label: 'Address', minWidth: 150, render: (w) => mono(w.address) },
    { id: 'status', label: 'Status', render: (w) => <StatusChip status={w.status} /> },
    {
      id: 'tx',
      label: 'Transaction',
      render: (w) => (w.txHash ? <TxLink hash={w.txHash} url={w.explorerUrl} /> : '—'),
    },
    ...(admin
      ? [{ id: 'approval', label: 'Approval', minWidth: 180, render: (w: Withdrawal) => <ApprovalCell w={w} /> }]
      : []),
    // The rejection or failure; for an approved payout held in the queue, why it waits (the daily payout cap).
    { id: 'reason', label: 'Reason', minWidth: 160, render: (w) => w.reason ?? w.payout?.waiting ?? '' },
  ];
}

/**
 * In the admin's lists, the columns in a row's details until chosen (DataTable `columnChooser`): what a pending
 * withdrawal's decision does not turn on, and in the decisions what was settled before them.
 */
const ADMIN_DETAILS = {
  pending: ['fee', 'net', 'status', 'tx', 'reason'],
  decided: ['fee', 'address', 'tx', 'approval'],
};

/** /withdraw-history: the member's withdrawals with status, fee, what arrived and the transaction link. */
export function WithdrawHistoryPage() {
  const list = useListParams({ filters: ['status', 'from', 'to'] as const, defaultSort: '-createdAt' });
  const withdrawals = useMyWithdrawals(list.query);
  return (
    <ListCard
      stackOnPhone
      title="Your withdrawals"
      subheader="From your income wallet to BEP20 addresses."
      filters={<SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />}
      dayRange
      label="Withdrawals"
      columns={baseColumns(false)}
      list={list}
      result={withdrawals}
      empty="You have not asked for a withdrawal yet."
    />
  );
}

function HotWalletCard() {
  const wallet = useHotWallet();
  if (!wallet.data) return null;
  const w = wallet.data;
  return (
    <Card data-testid="hot-wallet">
      <CardHeader title="Hot wallet" subheader={w.address ? mono(w.address) : 'Not configured'} />
      <CardContent>
        <Stack direction="row" spacing={8} sx={{ flexWrap: 'wrap', gap: 4 }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Token
            </Typography>
            <Typography variant="h5" component="p">
              <Money value={w.token} unit="USDT" />
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Gas
            </Typography>
            <Typography variant="h5" component="p">
              {formatMoney(w.gas, { decimals: 4, unit: 'BNB' })}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Approved, not yet paid
            </Typography>
            <Typography variant="h5" component="p">
              <Money value={w.owed} unit="USDT" />
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Pending (to arrive)
            </Typography>
            <Typography variant="h5" component="p">
              <Money value={w.pendingNet} unit="USDT" />
            </Typography>
          </Box>
        </Stack>
        {w.warning && (
          <Alert severity="warning" sx={{ mt: 4 }}>
            {w.warning}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** The member's latest wallet movements, beside a pending request. */
function ActivityDialog({ withdrawal, onClose }: { withdrawal: Withdrawal | null; onClose: () => void }) {
  const activity = useMemberActivity(withdrawal?.id ?? null);
  return (
    <Dialog open={!!withdrawal} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Recent activity of @{withdrawal?.member.username}</DialogTitle>
      <DialogContent>
        {activity.isPending && <Typography color="text.secondary">Loading…</Typography>}
        {activity.data?.items.length === 0 && <Typography color="text.secondary">No wallet movement yet.</Typography>}
        {activity.data?.items.map((item, i) => (
          <ConfirmLine key={i} label={`${formatDateTime(item.createdAt)} · ${item.description}`}>
            <Money value={item.amount} unit="USDT" signed />
          </ConfirmLine>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** /withdraw-approval (pending, select one or many, approve or reject) and /withdraw-approval-history. */
export function WithdrawApprovalPage({ history = false }: { history?: boolean }) {
  const toast = useToast();
  const list = useListParams({
    filters: ['status', 'search', 'from', 'to'] as const,
    defaultSort: history ? '-createdAt' : 'createdAt',
  });
  const query = history ? list.query : { ...list.query, status: 'pending' };
  const withdrawals = useAdminWithdrawals(query);
  const hot = useHotWallet();
  const decide = useDecideWithdrawals();
  const payout = usePayoutActions();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [looking, setLooking] = useState<Withdrawal | null>(null);
  // One withdrawal approved or rejected from the "Needs attention" group, in place of the selection.
  const [only, setOnly] = useState<Withdrawal | null>(null);
  const [totpCode, setTotpCode] = useState('');
  const settings = useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => api.call(endpoints.settings.adminGet, { signal }),
    enabled: !history,
  });

  const rows = withdrawals.data?.items ?? [];
  // An admin's own withdrawals are another admin's to decide: never selected, the reason shown in their place.
  const isOwn = useIsOwn();
  const selection = useSelection(rows.filter((w) => !isOwn(w.member.id)));
  const chosen = only ? [only] : selection.chosen;
  const closeDialogs = () => {
    setApproving(false);
    setRejecting(false);
    setOnly(null);
  };
  const sum = (key: 'amount' | 'net') => chosen.reduce((total, w) => total + toBaseUnits(w[key]), 0n);
  const netTotal = fromBaseUnits(sum('net'));
  const overHot = hot.data?.configured && toBaseUnits(hot.data.token) < toBaseUnits(hot.data.owed) + sum('net');
  // Above the large-approval threshold the API asks for a fresh two-factor code (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
  const threshold = settings.data ? toBaseUnits(settings.data.largeApprovalThreshold) : null;
  const needsCode = threshold !== null && sum('amount') > threshold;
  // Above the second-approval threshold (0: off) a first approval waits for another admin (docs/decisions/0035-withdrawal-policy.md).
  const second = settings.data ? policyLimit(settings.data.secondApprovalThreshold) : null;
  const firstOfTwo =
    second === null ? 0 : chosen.filter((w) => w.approvals.length === 0 && toBaseUnits(w.amount) > second).length;

  const run = async (action: 'approve' | 'reject') => {
    const ids = chosen.map((w) => w.id);
    try {
      const result = await decide.mutateAsync(
        action === 'reject'
          ? { action, ids, reason: reason.trim() }
          : { action, ids, totpCode: needsCode ? totpCode.trim() : undefined },
      );
      for (const { variant, message } of decisionToasts(action, result)) toast[variant](message);
      selection.forget(ids);
      closeDialogs();
      setReason('');
      setTotpCode('');
    } catch (error) {
      // A used code cannot be sent again: the field is emptied for the next one.
      setTotpCode('');
      toast.error(errorMessage(error));
    }
  };

  const columns: Column<Withdrawal>[] = [
    ...(history
      ? []
      : [
          {
            id: 'select',
            label: '',
            render: (w: Withdrawal) =>
              isOwn(w.member.id) ? (
                <OwnMoneyNote what="withdrawal" />
              ) : (
                <Checkbox
                  checked={selection.has(w.id)}
                  onChange={() => selection.toggle(w)}
                  slotProps={{ input: { 'aria-label': `Select withdrawal ${w.id}` } }}
                />
              ),
          },
        ]),
    ...baseColumns(true).map((column) => ({
      ...column,
      secondary: ADMIN_DETAILS[history ? 'decided' : 'pending'].includes(column.id),
    })),
    ...(history
      ? []
      : [
          {
            id: 'activity',
            label: 'Activity',
            pinned: true,
            render: (w: Withdrawal) => (
              <Button size="small" onClick={() => setLooking(w)}>
                Recent
              </Button>
            ),
          },
        ]),
    ...(history
      ? [
          {
            id: 'actions',
            label: 'Payout',
            pinned: true,
            render: (w: Withdrawal) =>
              w.status === 'failed' && isOwn(w.member.id) ? (
                <OwnMoneyNote what="withdrawal" />
              ) : w.status === 'failed' ? (
                <Stack direction="row" spacing={1}>
                  <Button size="small" disabled={payout.busy} onClick={() => payout.retry(w)}>
                    Retry
                  </Button>
                  <Button size="small" color="error" disabled={payout.busy} onClick={() => payout.refund(w)}>
                    Refund
                  </Button>
                </Stack>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Stack spacing={6}>
      {!history && <AdminTwoFactorNotice action="approve withdrawals" />}
      {!history && <AfterRestoreCard />}
      {!history && (
        <NeedsAttention
          onApprove={(w) => {
            setOnly(w);
            setApproving(true);
          }}
          onReject={(w) => {
            setOnly(w);
            setRejecting(true);
          }}
        />
      )}
      {!history && <HotWalletCard />}
      <ListCard
        stackOnPhone
        title={history ? 'Withdrawal decisions' : 'Pending withdrawals'}
        subheader={
          history
            ? 'Every withdrawal with its decision and payout.'
            : 'Select one or many, then approve (the payout leaves the hot wallet) or reject with a reason (the amount is refunded).'
        }
        action={
          history ? (
            <CsvExportButton list={endpoints.withdrawals.adminList} query={list.query} name="withdrawals" />
          ) : undefined
        }
        filters={
          <>
            <SearchField label="Search" placeholder="Member, address or hash" {...filterProps(list, 'search')} />
            {history && <SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />}
          </>
        }
        dayRange
        label={history ? 'Withdrawal decisions' : 'Pending withdrawals'}
        columns={columns}
        columnChooser={history ? 'withdrawal-decisions' : 'withdrawals-pending'}
        list={list}
        result={withdrawals}
        empty={history ? 'No withdrawal yet.' : 'Nothing waits for approval.'}
      >
        {!history && (
          <Stack direction="row" spacing={3} sx={{ px: 5, pb: 3, flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Button size="small" onClick={selection.togglePage} disabled={rows.length === 0}>
              {selection.allOnPage ? 'Unselect this page' : 'Select all on this page'}
            </Button>
            <Button
              variant="contained"
              color="success"
              disabled={chosen.length === 0}
              onClick={() => setApproving(true)}
            >
              Approve ({chosen.length})
            </Button>
            <Button variant="outlined" color="error" disabled={chosen.length === 0} onClick={() => setRejecting(true)}>
              Reject ({chosen.length})
            </Button>
          </Stack>
        )}
      </ListCard>

      <ConfirmDialog
        open={approving}
        title={`Approve ${chosen.length} withdrawal${chosen.length === 1 ? '' : 's'}`}
        confirmLabel="Approve and pay"
        busy={decide.isPending}
        confirmDisabled={needsCode && !/^\S{6,}$/.test(totpCode.trim())}
        onConfirm={() => void run('approve')}
        onClose={closeDialogs}
      >
        <ConfirmLine label="Withdrawals">{chosen.length}</ConfirmLine>
        <ConfirmAmount label="Total to send on chain" value={netTotal} unit="USDT" strong />
        {needsCode && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3, mb: 2 }}>
              These withdrawals add up to more than {formatMoney(settings.data!.largeApprovalThreshold)} USDT: enter the
              current code from your authenticator app to approve them.
            </Typography>
            <TextField
              label="Two-factor code"
              value={totpCode}
              onChange={(e) => setTotpCode(e.target.value)}
              autoComplete="one-time-code"
              fullWidth
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'approval-totp-code' } }}
            />
          </>
        )}
        {firstOfTwo > 0 && (
          <Alert severity="info" sx={{ mt: 3 }}>
            {firstOfTwo === chosen.length ? 'These are' : `${firstOfTwo} of these are`} above the second-approval
            threshold of {formatMoney(settings.data!.secondApprovalThreshold)} USDT: your approval is recorded as the
            first, and a second admin must approve before the payout goes.
          </Alert>
        )}
        {overHot && (
          <Alert severity="warning" sx={{ mt: 3 }}>
            The hot wallet holds {formatMoney(hot.data!.token)} USDT, not enough for these and the payouts already
            approved. Payouts beyond it will fail until it is funded.
          </Alert>
        )}
      </ConfirmDialog>

      <ActivityDialog withdrawal={looking} onClose={() => setLooking(null)} />

      <Dialog open={rejecting} onClose={closeDialogs} fullWidth maxWidth="sm">
        <DialogTitle>
          Reject {chosen.length} withdrawal{chosen.length === 1 ? '' : 's'}
        </DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            The whole amount goes back to each member's income wallet; they see the reason.
          </Typography>
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            required
            slotProps={{ htmlInput: { 'data-testid': 'reject-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={closeDialogs}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={reason.trim().length < 3 || decide.isPending}
            onClick={() => void run('reject')}
          >
            Reject and refund
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
