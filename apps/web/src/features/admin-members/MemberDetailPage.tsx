import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { AdminMemberDetail } from '@portal/contract';
import { Link, useParams } from 'react-router';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { ListCard } from '../../shared/components/ListCard';
import { StatusChip } from '../../shared/components/StatusChip';
import { accountStatusTerm } from '../../shared/vocabulary';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { formatDate, formatCount, initialsOf } from '../../shared/format';
import { useListParams } from '../../shared/list-params';
import { useToast } from '../../shared/toast';
import { useTransactions } from '../admin-transactions/api';
import { TRANSACTION_COLUMNS } from '../admin-transactions/TransactionsTable';
import { BalanceCards } from '../wallet/BalanceCards';
import { EntryFilters } from '../wallet/EntryFilters';
import { AdjustmentDialog } from './AdjustmentDialog';
import { useMember, useUpdateUser } from './api';
import { FactList, type Fact } from '../../shared/components/FactList';
import { AdminMemberAddresses } from '../withdrawals/AdminMemberAddresses';
import { useTwoFactor } from '../withdrawals/api';

/**
 * Opens a support view of the member (SupportViewPage.tsx) in a tab of its own: the view's token lives
 * there only, this tab stays the admin's. It takes the admin's two-factor (the API refuses it otherwise).
 */
function SupportViewButton({ id }: { id: number }) {
  const twoFactor = useTwoFactor();
  const allowed = twoFactor.data?.enabled === true;
  return (
    <Button
      variant="outlined"
      startIcon={<VisibilityOutlined />}
      href={`/support-view/${id}`}
      target="_blank"
      rel="noopener"
      disabled={!allowed}
      title={allowed ? undefined : 'Turn on two-factor sign-in (Account settings → Security) first'}
    >
      View as member (read-only)
    </Button>
  );
}

/** /Members/:id: a member's profile, wallets and journal history; adjustments and blocking. */
export function MemberDetailPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const member = useMember(id);

  if (!Number.isInteger(id) || id <= 0) return <Alert severity="error">This is not a member's address.</Alert>;
  if (member.isPending) return <Skeleton variant="rounded" height={240} />;
  if (member.isError) {
    if (isSessionEnded(member.error)) return null;
    return (
      <Stack spacing={4}>
        <Alert severity="error">{errorMessage(member.error, 'This member could not be loaded.')}</Alert>
        <Box>
          <Button component={Link} to="/Members" startIcon={<ArrowBackOutlined />}>
            All members
          </Button>
        </Box>
      </Stack>
    );
  }
  return <MemberDetail member={member.data} />;
}

function MemberDetail({ member }: { member: AdminMemberDetail }) {
  const toast = useToast();
  const [adjusting, setAdjusting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const update = useUpdateUser();
  const blocked = member.status === 'blocked';

  const toggleBlock = async () => {
    try {
      await update.mutateAsync({ id: member.id, body: { status: blocked ? 'active' : 'blocked' } });
      toast.success(
        blocked ? `@${member.username} is active again.` : `@${member.username} is blocked and signed out everywhere.`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBlocking(false);
    }
  };

  const facts: Fact[] = [
    ['Email', member.email],
    ['Phone', member.phone ?? '—'],
    ['Country', member.country ?? '—'],
    ['Sponsor', member.sponsor ? `@${member.sponsor.username}` : 'None (company root)'],
    ['Direct referrals', formatCount(member.directReferrals)],
    ['Joined', formatDate(member.joinedAt)],
  ];

  return (
    <Stack spacing={6}>
      <Box>
        <Button component={Link} to="/Members" startIcon={<ArrowBackOutlined />}>
          All members
        </Button>
      </Box>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={5} sx={{ justifyContent: 'space-between' }}>
            <Box sx={{ display: 'flex', gap: 4, alignItems: 'center', minWidth: 0 }}>
              <TonalAvatar variant="rounded" sx={{ width: 56, height: 56 }}>
                {initialsOf(member.fullName)}
              </TonalAvatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="member-name">
                  {member.fullName}
                </Typography>
                <Typography color="text.secondary">
                  @{member.username} ·{' '}
                  <StatusChip status={member.status} label={accountStatusTerm(member.status).word} />
                  {member.role === 'admin' && <StatusChip status="admin" label="Admin" sx={{ ml: 1 }} />}
                </Typography>
              </Box>
            </Box>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
              <Button variant="contained" startIcon={<TuneOutlined />} onClick={() => setAdjusting(true)}>
                Adjust balance
              </Button>
              <Button
                variant="outlined"
                color={blocked ? 'success' : 'error'}
                startIcon={blocked ? <LockOpenOutlined /> : <BlockOutlined />}
                onClick={() => setBlocking(true)}
              >
                {blocked ? 'Unblock' : 'Block'}
              </Button>
              {member.role !== 'admin' && !blocked && <SupportViewButton id={member.id} />}
            </Stack>
          </Stack>
          <FactList facts={facts} sx={{ mt: 6 }} />
        </CardContent>
      </Card>

      <BalanceCards wallets={member.wallets} />
      <MemberHistory username={member.username} />
      <AdminMemberAddresses memberId={member.id} />

      <AdjustmentDialog member={member} open={adjusting} onClose={() => setAdjusting(false)} />
      <ConfirmDialog
        open={blocking}
        title={blocked ? `Unblock @${member.username}?` : `Block @${member.username}?`}
        confirmLabel={blocked ? 'Unblock' : 'Block'}
        color={blocked ? 'primary' : 'error'}
        busy={update.isPending}
        onConfirm={() => void toggleBlock()}
        onClose={() => setBlocking(false)}
      >
        <Typography>
          {blocked
            ? 'They will be able to sign in and receive transfers again.'
            : 'They are signed out at once, cannot sign in, and cannot receive transfers. Their balances stay as they are.'}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}

const HISTORY_FILTERS = ['type', 'wallet', 'from', 'to'] as const;

function MemberHistory({ username }: { username: string }) {
  const list = useListParams({ filters: HISTORY_FILTERS, defaultSort: '-createdAt', defaultPageSize: 10 });
  const history = useTransactions({ ...list.query, member: username });
  return (
    <ListCard
      title="History"
      subheader="Every journal entry touching this member's wallets."
      filters={<EntryFilters list={list} fields={['type', 'wallet', 'from', 'to']} />}
      label="Member history"
      columns={TRANSACTION_COLUMNS}
      list={list}
      result={history}
      empty="No movements yet."
    />
  );
}
