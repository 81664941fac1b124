import { endpoints, type RankAchievement } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { filterProps, useListParams } from '../../shared/list-params';
import { useRankAchievements } from './api';
import { RankFilter } from './RankFilter';
import { RankChip } from './RankChip';

const FILTERS = ['rank', 'member', 'from', 'to'] as const;

const STATE_LABELS: Record<RankAchievement['state'], string> = {
  paid: 'Paid',
  awaiting_pay: 'Awaiting the close pay',
  none: 'No bonus',
};

const COLUMNS: Column<RankAchievement>[] = [
  { id: 'reachedOn', label: 'Reached on', sortField: 'reachedOn', render: (a) => a.reachedOn },
  { id: 'member', label: 'Member', sortField: 'member', render: (a) => a.member },
  { id: 'rank', label: 'Rank', render: (a) => <RankChip rank={{ id: a.rankId, name: a.rank, colour: a.colour }} /> },
  {
    id: 'close',
    label: 'Found by',
    secondary: true,
    render: (a) => (a.closeDate ? `Close of ${a.closeDate}` : 'Evaluation'),
  },
  { id: 'bonus', label: 'Bonus', align: 'right', render: (a) => <Money value={a.bonus} unit="USDT" /> },
  {
    id: 'state',
    label: 'State',
    render: (a) => (
      <StatusChip status={a.state === 'awaiting_pay' ? 'pending' : 'active'} label={STATE_LABELS[a.state]} />
    ),
  },
];

/** /admin/rank-achievements: who reached which rank when, with the bonus; filters and CSV. */
export function AchievementsPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-reachedOn' });
  const result = useRankAchievements(list.query);
  return (
    <ListCard
      title="Rank achievements"
      subheader="Each member's first time at each rank, found by a daily close or an evaluation, and its one-time bonus."
      action={<CsvExportButton list={endpoints.ranks.adminAchievements} name="rank-achievements" query={list.query} />}
      filters={
        <>
          <RankFilter {...filterProps(list, 'rank')} />
          <SearchField label="Member" placeholder="username" {...filterProps(list, 'member')} />
        </>
      }
      dayRange
      label="Rank achievements"
      columns={COLUMNS}
      rowKey={(a) => `${a.memberId}-${a.rankId}`}
      list={list}
      result={result}
      empty="Nobody has reached a rank yet."
    />
  );
}
