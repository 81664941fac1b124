import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { DOWNLINE_MAX_OFFSET, DOWNLINE_SORTS, type DownlineRow, type DownlineSort } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { NumberFilter, SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatBV, formatCount, formatDate } from '../../shared/format';
import { plural } from '../../shared/words';
import { filterProps, useListParams } from '../../shared/list-params';
import { useDownline, type DownlineParams } from './api';
import { RankChip } from '../ranks/RankChip';

const FILTERS = ['level', 'leg', 'search', 'root'] as const;

/** The orders offered; the first choice of the menu, tree order, is the default. */
const ORDERS: Array<{ value: DownlineSort; label: string }> = [
  { value: '-joined', label: 'Joined, newest first' },
  { value: 'joined', label: 'Joined, oldest first' },
  { value: 'username', label: 'Username, A to Z' },
  { value: '-username', label: 'Username, Z to A' },
  { value: '-volume', label: 'Volume, highest first' },
  { value: 'volume', label: 'Volume, lowest first' },
];

const isSort = (value: string): value is DownlineSort => (DOWNLINE_SORTS as readonly string[]).includes(value);
const positive = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

const COLUMNS: Column<DownlineRow>[] = [
  { id: 'level', label: 'Level', align: 'right', render: (row) => formatCount(row.level) },
  {
    id: 'username',
    label: 'Username',
    sortField: 'username',
    render: (row) => (
      <Typography sx={{ fontWeight: 500 }} variant="body2">
        {row.username}
      </Typography>
    ),
  },
  { id: 'fullName', label: 'Full name', minWidth: 140, secondary: true, render: (row) => row.fullName },
  { id: 'sponsor', label: 'Sponsor', secondary: true, render: (row) => row.sponsor ?? '—' },
  {
    id: 'package',
    label: 'Package',
    secondary: true,
    render: (row) =>
      row.package ?? (
        <Typography component="span" variant="body2" color="text.secondary">
          None
        </Typography>
      ),
  },
  { id: 'rank', label: 'Rank', render: (row) => (row.rank ? <RankChip rank={row.rank} /> : '—') },
  {
    id: 'joined',
    label: 'Joined',
    sortField: 'joined',
    render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.joinedAt)}</span>,
  },
  {
    id: 'leg',
    label: 'Leg',
    render: (row) => <StatusChip status={row.leg} color={row.leg === 'left' ? 'info' : 'success'} />,
  },
  {
    id: 'volume',
    label: 'Left BV / right BV',
    align: 'right',
    sortField: 'volume',
    render: (row) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatBV(row.leftVolume)} / {formatBV(row.rightVolume)}
      </span>
    ),
  },
  {
    id: 'team',
    label: 'Team left / right',
    align: 'right',
    secondary: true,
    render: (row) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatCount(row.leftCount)} / {formatCount(row.rightCount)}
      </span>
    ),
  },
];

/**
 * /member-network2: the placement downline as a table, on the shared list
 * kit. Tree order (the left leg, then the right leg) unless a column order is
 * chosen; filter by level and leg, search usernames; everything in the URL.
 * A row opens the binary tree from that member.
 */
export function DownlinePage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '' });
  const sort = isSort(list.sort) ? list.sort : undefined;
  const leg = list.filters.leg === 'left' || list.filters.leg === 'right' ? list.filters.leg : undefined;
  const query: DownlineParams = {
    page: list.page,
    pageSize: list.pageSize,
    level: positive(list.filters.level),
    leg,
    search: list.filters.search || undefined,
    root: positive(list.filters.root),
    sort,
  };
  const downline = useDownline(query);
  const navigate = useNavigate();
  const data = downline.data;
  const filtered = Boolean(query.level || query.leg || query.search);
  const atWindowEnd = list.page * list.pageSize >= DOWNLINE_MAX_OFFSET;
  const orderLabel =
    ORDERS.find((o) => o.value === sort)?.label.toLowerCase() ?? 'in tree order: the left leg, then the right leg';

  return (
    <ListCard
      title="Downline"
      subheader={
        data
          ? `${plural(`${formatCount(data.total)}${data.totalExact ? '' : '+'}`, filtered ? 'member matches' : 'member in your binary team', filtered ? 'members match' : 'members in your binary team')} · ${orderLabel}`
          : 'Your binary team'
      }
      filters={
        <>
          <SearchField
            label="Search username"
            value={list.filters.search}
            onChange={(search) => list.update({ search: search.replace(/[^A-Za-z0-9_.-]/g, '') })}
            testId="downline-search"
            maxLength={32}
          />
          <NumberFilter label="Level" testId="downline-level" {...filterProps(list, 'level')} />
          <SelectFilter
            label="Leg"
            value={leg ?? ''}
            onChange={(value) => list.update({ leg: value })}
            anyLabel="Both legs"
            choices={[
              { value: 'left', label: 'Left leg' },
              { value: 'right', label: 'Right leg' },
            ]}
          />
          <SelectFilter
            label="Order"
            value={sort ?? ''}
            onChange={(value) => list.update({ sort: value })}
            anyLabel="Tree order"
            choices={ORDERS}
          />
          {filtered && (
            <Button sx={{ justifySelf: 'start' }} onClick={() => list.update({ level: '', leg: '', search: '' })}>
              Clear filters
            </Button>
          )}
        </>
      }
      label="Downline"
      columns={COLUMNS}
      columnChooser="downline"
      rowTestId={(row) => `downline-row-${row.username}`}
      onRowClick={(row) => void navigate(`/member-network?root=${row.id}`)}
      empty={
        filtered
          ? 'Nobody matches these filters.'
          : 'Nobody below you yet. Share your referral link to build your team.'
      }
      list={list}
      result={downline}
      // Pages reach the first 10,000 rows; a count that stopped at its bound says so.
      total={data ? Math.min(data.total, DOWNLINE_MAX_OFFSET) : undefined}
      totalIsLowerBound={data ? !data.totalExact || data.total > DOWNLINE_MAX_OFFSET : false}
      sort={sort}
      footer={
        atWindowEnd && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 5, pb: 5 }}>
            Pages reach the first {formatCount(DOWNLINE_MAX_OFFSET)} rows. Choose a level, a leg or a search to see the
            others.
          </Typography>
        )
      }
    >
      {data && !data.placed && (
        <Alert severity="info" sx={{ mx: 5, mb: 5 }}>
          You have not been placed in the binary tree yet, so there is no team below you. Your sponsor will place you.
        </Alert>
      )}
      {data?.searchTruncated && (
        <Alert severity="warning" sx={{ mx: 5, mb: 5 }}>
          Many usernames start with “{query.search}”: only the first 2,000 of them were looked at. Type more of the name
          to find the rest.
        </Alert>
      )}
    </ListCard>
  );
}
