import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Withdrawal, WithdrawalFlag } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { formatDateTime } from '../../shared/format';
import { plural } from '../../shared/words';
import { useSession } from '../../shared/session/useSession';
import { TxLink } from '../deposits/DepositStatus';
import { errorMessage } from '../../shared/api/errors';
import { useToast } from '../../shared/toast';
import { useAdminWithdrawals, useDecideWithdrawals } from './api';
import { decisionToasts } from './decision-toasts';
import { attentionOf, type Attention } from './attention';
import { OwnMoneyNote } from '../../shared/components/OwnMoneyNote';
import { usePayoutActions } from './usePayoutActions';

/**
 * A flagged withdrawal rejected in one click, with the reason its flag gives the member (the API's,
 * withdrawals/flags.ts): the amount goes back to their income wallet.
 */
function useFlaggedReject() {
  const decide = useDecideWithdrawals();
  const toast = useToast();
  const reject = async (w: Withdrawal, reason: string) => {
    try {
      const result = await decide.mutateAsync({ action: 'reject', ids: [w.id], reason });
      for (const { variant, message } of decisionToasts('reject', result)) toast[variant](message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return { reject: (w: Withdrawal, reason: string) => void reject(w, reason), busy: decide.isPending };
}

/** A flagged withdrawal's actions: Reject in one click, and where the hot wallet is short, the page that funds it. */
function FlaggedActions({ w, flag }: { w: Withdrawal; flag: WithdrawalFlag }) {
  const flagged = useFlaggedReject();
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={flagged.busy}
        onClick={() => flagged.reject(w, flag.rejectWith)}
        aria-label={`Reject withdrawal ${w.id} and refund it`}
      >
        Reject
      </Button>
      {flag.kind === 'unfunded' && (
        <Button size="small" component={RouterLink} to="/bep20-wallets">
          Fund the hot wallet
        </Button>
      )}
    </>
  );
}

/** A first approval's actions: Approve (by another admin than the first), Reject. */
function SecondApprovalActions({
  w,
  me,
  onApprove,
  onReject,
}: {
  w: Withdrawal;
  me: number | undefined;
  onApprove: (w: Withdrawal) => void;
  onReject: (w: Withdrawal) => void;
}) {
  return (
    <>
      {w.approvals.some((a) => a.by?.id === me) ? (
        <Typography variant="body2" color="text.secondary">
          You gave the first approval: another admin approves it.
        </Typography>
      ) : (
        <Button size="small" variant="outlined" color="success" onClick={() => onApprove(w)}>
          Approve
        </Button>
      )}
      <Button size="small" color="error" onClick={() => onReject(w)}>
        Reject
      </Button>
    </>
  );
}

/** The first hundred, oldest first: the group is a to-do list, not a history. */
const QUERY = { attention: 'true', pageSize: 100, sort: 'createdAt' } as const;

function Why({ attention }: { attention: Attention }) {
  return (
    <>
      <Typography variant="subtitle2" component="p">
        {attention.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {attention.detail}
      </Typography>
    </>
  );
}

/**
 * The "Needs attention" group at the top of /withdraw-approval: a pending
 * withdrawal the API flags (its address screened since the request, its
 * member blocked, the hot wallet short: Reject in one click), a first
 * approval waiting for a second admin (Approve, Reject), a payout the daily
 * payout cap holds back (the setting), a stuck payout (its transaction), a
 * failed one (Retry, Refund), each with why. Three columns at 1366 px, so
 * the actions are in view without scrolling sideways; on a phone the reason
 * moves under the withdrawal and the actions stack. Nothing when none.
 */
export function NeedsAttention({
  onApprove,
  onReject,
}: {
  onApprove: (w: Withdrawal) => void;
  onReject: (w: Withdrawal) => void;
}) {
  const list = useAdminWithdrawals(QUERY);
  const payout = usePayoutActions();
  const me = useSession().user?.id;
  const rows = (list.data?.items ?? []).flatMap((w) => {
    const attention = attentionOf(w);
    return attention ? [{ w, attention }] : [];
  });
  if (rows.length === 0) return null;
  type Row = (typeof rows)[number];

  const actions = ({ w, attention }: Row) => {
    // No admin decides on their own withdrawal (docs/decisions/0050-no-admin-acts-on-their-own-money.md).
    if (attention.kind !== 'held' && attention.kind !== 'stuck' && w.member.id === me)
      return <OwnMoneyNote what="withdrawal" />;
    switch (attention.kind) {
      case 'flagged':
        return <FlaggedActions w={w} flag={attention.flag!} />;
      case 'failed':
        return (
          <>
            <Button size="small" variant="outlined" disabled={payout.busy} onClick={() => payout.retry(w)}>
              Retry
            </Button>
            <Button size="small" color="error" disabled={payout.busy} onClick={() => payout.refund(w)}>
              Refund
            </Button>
          </>
        );
      case 'second':
        return <SecondApprovalActions w={w} me={me} onApprove={onApprove} onReject={onReject} />;
      case 'held':
        return (
          <Button size="small" component={RouterLink} to="/admin/settings">
            Daily payout cap
          </Button>
        );
      case 'stuck':
        return w.payout?.txHash ? <TxLink hash={w.payout.txHash} url={w.payout.explorerUrl} /> : null;
    }
  };

  const columns: Column<Row>[] = [
    {
      id: 'withdrawal',
      label: 'Withdrawal',
      minWidth: 180,
      render: ({ w }) => (
        <>
          <Typography variant="body2" component="p">
            #{w.id} · {w.member.fullName} (@{w.member.username})
          </Typography>
          <Typography variant="body2" component="p">
            <Money value={w.net} unit="USDT" /> to arrive
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Asked {formatDateTime(w.createdAt)}
          </Typography>
        </>
      ),
    },
    { id: 'why', label: 'Why', secondary: true, render: ({ attention }) => <Why attention={attention} /> },
    {
      id: 'actions',
      label: 'Actions',
      pinned: true,
      render: (row) => (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
          {actions(row)}
        </Stack>
      ),
    },
  ];

  const total = list.data?.total ?? rows.length;
  return (
    <Card id="needs-attention" data-testid="needs-attention">
      <CardHeader
        title="Needs attention"
        subheader={`${plural(total, 'withdrawal')}: a payout failed, stuck or held back, a second admin's approval awaited, or a request that cannot be paid as it stands (Reject refunds it at once, with the reason the member reads)${total > rows.length ? ` (the oldest ${rows.length} shown)` : ''}.`}
      />
      <DataTable
        label="Withdrawals that need attention"
        // On a phone each withdrawal is a block: why, and its actions, in view without scrolling sideways.
        stackOnPhone
        columns={columns}
        rows={rows}
        total={rows.length}
        rowKey={(row) => row.w.id}
        rowTestId={(row) => `attention-${row.w.id}`}
        page={0}
        pageSize={QUERY.pageSize}
        onPage={() => undefined}
        onPageSize={() => undefined}
        hidePagination
        loading={false}
        empty="Nothing needs attention."
      />
    </Card>
  );
}
