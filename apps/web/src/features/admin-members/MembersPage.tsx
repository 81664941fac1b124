import Typography from '@mui/material/Typography';
import { endpoints, type AdminMember } from '@portal/contract';
import { useNavigate } from 'react-router';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { AccountSearchField, AccountStatusFilter } from '../../shared/components/AccountFilters';
import { SearchField } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { PersonName } from '../../shared/components/PersonName';
import { StatusChip } from '../../shared/components/StatusChip';
import { TermHelp } from '../../shared/components/TermHelp';
import { accountStatusTerm, TERMS } from '../../shared/vocabulary';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { formatCount, formatDate } from '../../shared/format';
import { plural } from '../../shared/words';
import { filterProps, useListParams } from '../../shared/list-params';
import { useMembers } from './api';
import { RankChip } from '../ranks/RankChip';
import { RankFilter } from '../ranks/RankFilter';

const FILTERS = ['search', 'status', 'sponsor', 'rank'] as const;

const COLUMNS: Column<AdminMember>[] = [
  {
    id: 'member',
    label: 'Member',
    sortField: 'username',
    minWidth: 180,
    render: (m) => <PersonName person={m} />,
  },
  { id: 'email', label: 'Email', secondary: true, sortField: 'email', render: (m) => m.email },
  {
    id: 'sponsor',
    label: 'Sponsor',
    secondary: true,
    sortField: 'sponsor',
    render: (m) => (m.sponsor ? `@${m.sponsor.username}` : '—'),
  },
  { id: 'rank', label: 'Rank', render: (m) => (m.rank ? <RankChip rank={m.rank} /> : '—') },
  {
    id: 'team',
    label: 'Team L / R',
    sortField: 'team',
    align: 'right',
    render: (m) =>
      m.team.placed ? (
        `${formatCount(m.team.left)} / ${formatCount(m.team.right)}`
      ) : (
        <StatusChip status="pending" label={`Not ${TERMS.placed.word.toLowerCase()}`} />
      ),
  },
  {
    id: 'referrals',
    label: 'Referrals',
    secondary: true,
    sortField: 'referrals',
    align: 'right',
    render: (m) => formatCount(m.team.directReferrals),
  },
  {
    id: 'deposit',
    label: 'Deposit',
    sortField: 'deposit',
    align: 'right',
    render: (m) => <Money value={m.balances.deposit} unit="USDT" />,
  },
  {
    id: 'income',
    label: 'Income',
    sortField: 'income',
    align: 'right',
    render: (m) => <Money value={m.balances.income} unit="USDT" />,
  },
  {
    id: 'points',
    label: 'Points',
    sortField: 'points',
    align: 'right',
    render: (m) => <Money value={m.balances.points} unit="points" />,
  },
  {
    id: 'status',
    label: 'Status',
    sortField: 'status',
    // The account's status (enabled or blocked), in the vocabulary's words: not whether the member holds a package.
    render: (m) => <StatusChip status={m.status} label={accountStatusTerm(m.status).word} />,
  },
  { id: 'joined', label: 'Joined', secondary: true, sortField: 'joinedAt', render: (m) => formatDate(m.joinedAt) },
];

/** /Members ("Members Management") */
export function MembersPage() {
  const navigate = useNavigate();
  const list = useListParams({ filters: FILTERS, defaultSort: '-joinedAt' });
  const members = useMembers(list.query);
  const hasFilters = FILTERS.some((name) => list.filters[name]);

  return (
    <ListCard
      title="Network members"
      subheader={
        <>
          Open a member for wallets, history, adjustments and blocking. Sort by any column header.
          <Typography component="span" variant="body2" sx={{ display: 'block' }}>
            Status is the account&apos;s: Enabled <TermHelp id="enabled" /> or Blocked <TermHelp id="blocked" />, not
            whether the member is active <TermHelp id="active" />. &quot;Not placed&quot; under Team L / R: waiting for
            a place in the binary tree <TermHelp id="placed" />.
          </Typography>
          {members.data && (
            <Typography component="span" variant="body2" sx={{ display: 'block' }} data-testid="members-count-note">
              {plural(members.data.total, 'network member')}
              {hasFilters ? ' match these filters' : ', the company root included'}. Admins without a membership are
              under Users.
            </Typography>
          )}
        </>
      }
      action={<CsvExportButton list={endpoints.members.adminList} name="members" query={list.query} />}
      filters={
        <>
          <AccountSearchField {...filterProps(list, 'search')} />
          <AccountStatusFilter {...filterProps(list, 'status')} />
          <SearchField label="Sponsor" placeholder="Exact username" {...filterProps(list, 'sponsor')} />
          <RankFilter {...filterProps(list, 'rank')} />
        </>
      }
      label="Members"
      columns={COLUMNS}
      columnChooser="members"
      list={list}
      result={members}
      empty="No members match these filters."
      onRowClick={(m) => void navigate(`/Members/${m.id}`)}
    />
  );
}
