import { fromBaseUnits, type RankAchievement, type RankAchievementQuery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList, type ListFilter } from '../shared/list-query';

/** The admin report "Rank achievements": who reached which rank when, and the bonus. */
interface AchievementRow {
  member_id: number;
  member: string;
  rank_id: number;
  rank: string;
  colour: string;
  reached_on: string;
  close_date: string | null;
  bonus: string;
  entry_id: number | null;
}

const toAchievement = (row: AchievementRow): RankAchievement => ({
  memberId: Number(row.member_id),
  member: row.member,
  rankId: Number(row.rank_id),
  rank: row.rank,
  colour: row.colour,
  reachedOn: row.reached_on,
  closeDate: row.close_date,
  bonus: fromBaseUnits(BigInt(row.bonus)),
  state: BigInt(row.bonus) === 0n ? 'none' : row.entry_id === null ? 'awaiting_pay' : 'paid',
});

const CSV_COLUMNS: CsvColumn<RankAchievement>[] = [
  { header: 'reached_on', value: (a) => a.reachedOn },
  { header: 'member', value: (a) => a.member },
  { header: 'rank', value: (a) => a.rank },
  { header: 'close', value: (a) => a.closeDate },
  { header: 'bonus', value: (a) => a.bonus },
  { header: 'state', value: (a) => a.state },
];

const ACHIEVEMENTS = defineList({
  select: sql`SELECT a.member_id, u.username AS member, a.rank_id, r.name AS rank, r.colour,
         to_char(a.reached_on, 'YYYY-MM-DD') AS reached_on, to_char(a.close_date, 'YYYY-MM-DD') AS close_date,
         a.bonus::text AS bonus, a.entry_id
    FROM rank_achievements a JOIN users u ON u.id = a.member_id JOIN ranks r ON r.id = a.rank_id`,
  counted: sql`rank_achievements a JOIN users u ON u.id = a.member_id`,
  sorts: { reachedOn: ['a.reached_on', 'a.reached_at', 'a.member_id'], member: ['lower(u.username)', 'a.member_id'] },
  // With the member first in every order, (member, rank) is unique: pages never overlap.
  tieBreaker: 'a.rank_id',
  toItem: toAchievement,
  csv: { name: 'rank-achievements', columns: CSV_COLUMNS },
});

function filterOf(query: RankAchievementQuery): ListFilter<AchievementRow> {
  return {
    where: [
      query.rank ? sql`a.rank_id = ${query.rank}` : undefined,
      query.member ? sql`lower(u.username) = lower(${query.member})` : undefined,
      query.from ? sql`a.reached_on >= ${query.from}::date` : undefined,
      query.to ? sql`a.reached_on <= ${query.to}::date` : undefined,
    ],
    sort: query.sort,
  };
}

/** A page of the report, or with `format=csv` the whole filtered list in the same order. */
export const rankAchievements = (db: Sql, now: Date, query: RankAchievementQuery) =>
  ACHIEVEMENTS.answer(db, filterOf(query), query, now);
