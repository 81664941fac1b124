import { fromBaseUnits, type AdminMember, type MembersQuery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import type { CsvColumn } from '../shared/csv';
import { sql } from '../platform/db/sql';
import { ACCOUNT_SORTS, accountList } from '../shared/account-list';
import { defineList, type ListFilter } from '../shared/list-query';
import { teamSql, toMemberTeam, type TeamColumns } from '../network/team';
import { rankBadgeOf, type RankColumns } from '../network/viewpoint';

/**
 * The admin Members list: one SELECT for the list, the CSV and the detail
 * page, so a column added here (the network's team figures, the package)
 * shows everywhere.
 */
export interface MemberRow extends TeamColumns, RankColumns {
  id: number;
  username: string;
  full_name: string;
  email: string;
  phone: string | null;
  country: string | null;
  status: 'active' | 'blocked';
  role: 'admin' | 'member';
  sponsor_id: number | null;
  sponsor_username: string | null;
  joined_at: Date;
  /** joined_at to the microsecond (a JavaScript Date keeps milliseconds): the keyset of the CSV. */
  joined_key: string;
  deposit: string;
  income: string;
  points: string;
}

const team = teamSql('m');
// teamSql (network/team.ts) is fixed text of the code, without values.
const MEMBER_SELECT = sql`
  SELECT u.id, u.username, u.full_name, u.email, u.phone, u.country, u.status, u.role,
         m.sponsor_id, s.username AS sponsor_username, m.joined_at, m.joined_at::text AS joined_key,
         COALESCE(wd.balance, 0)::text AS deposit,
         COALESCE(wi.balance, 0)::text AS income,
         COALESCE(wp.balance, 0)::text AS points,
         ${sql.raw(team.columns)},
         rk.id::int AS rank_id, rk.name AS rank_name, rk.colour AS rank_colour
    FROM members m
    JOIN users u ON u.id = m.user_id
    LEFT JOIN users s ON s.id = m.sponsor_id
    LEFT JOIN ledger_accounts wd ON wd.owner_id = m.user_id AND wd.wallet = 'deposit'
    LEFT JOIN ledger_accounts wi ON wi.owner_id = m.user_id AND wi.wallet = 'income'
    LEFT JOIN ledger_accounts wp ON wp.owner_id = m.user_id AND wp.wallet = 'points'
    LEFT JOIN member_ranks mr ON mr.member_id = m.user_id
    LEFT JOIN ranks rk ON rk.id = mr.rank_id
    ${sql.raw(team.joins)}`;

type MemberSortField = MembersQuery['sort'] extends `-${infer F}` ? F : never;

const SORTS = {
  ...ACCOUNT_SORTS,
  joinedAt: 'm.joined_at',
  sponsor: 'lower(s.username)',
  // Left and right together, as the list shows them (the columns of teamSql).
  team: 'COALESCE(team_node.left_count + team_pending.lc, 0) + COALESCE(team_node.right_count + team_pending.rc, 0)',
  referrals: 'm.direct_count',
  deposit: 'COALESCE(wd.balance, 0)',
  income: 'COALESCE(wi.balance, 0)',
  points: 'COALESCE(wp.balance, 0)',
} as const satisfies Record<MemberSortField, string>;

const MEMBERS = accountList({ timeField: 'joinedAt', time: 'm.joined_at', id: 'm.user_id' });

export type MemberFilter = Partial<Pick<MembersQuery, 'search' | 'status' | 'sponsor' | 'rank' | 'sort'>> & {
  id?: number;
};

function filterOf(query: MemberFilter): ListFilter<MemberRow> {
  const own = [
    query.sponsor ? sql`lower(s.username) = lower(${query.sponsor})` : undefined,
    query.rank ? sql`mr.rank_id = ${query.rank}` : undefined,
  ];
  return MEMBERS.filter(query, own, (row: MemberRow) => ({ time: row.joined_key, id: row.id }));
}

const CSV_COLUMNS: CsvColumn<MemberRow>[] = [
  { header: 'id', value: (m) => m.id, raw: true },
  { header: 'username', value: (m) => m.username },
  { header: 'full_name', value: (m) => m.full_name },
  { header: 'email', value: (m) => m.email },
  { header: 'status', value: (m) => m.status },
  { header: 'sponsor', value: (m) => m.sponsor_username },
  { header: 'joined_at', value: (m) => new Date(m.joined_at).toISOString() },
  { header: 'deposit_usdt', value: (m) => fromBaseUnits(BigInt(m.deposit)), raw: true },
  { header: 'income_usdt', value: (m) => fromBaseUnits(BigInt(m.income)), raw: true },
  { header: 'points', value: (m) => fromBaseUnits(BigInt(m.points)), raw: true },
  { header: 'direct_referrals', value: (m) => m.direct_count, raw: true },
  { header: 'placed', value: (m) => (m.placed ? 'yes' : 'no') },
  { header: 'team_left', value: (m) => m.team_left, raw: true },
  { header: 'team_right', value: (m) => m.team_right, raw: true },
  { header: 'rank', value: (m) => m.rank_name },
];

const MEMBER_LIST = defineList({
  select: MEMBER_SELECT,
  // The sponsor's join is there for the sponsor filter; PostgreSQL leaves it out of a count that does not use it.
  counted: sql`members m JOIN users u ON u.id = m.user_id LEFT JOIN users s ON s.id = m.sponsor_id
    LEFT JOIN member_ranks mr ON mr.member_id = m.user_id`,
  sorts: SORTS,
  tieBreaker: 'm.user_id',
  toItem: toAdminMember,
  csv: { name: 'members', columns: CSV_COLUMNS, line: (row: MemberRow) => row },
});

/** The Members list: a page, or with `format=csv` the whole filtered list (with its network columns) in the same order. */
export const memberList = (db: Sql, query: MembersQuery, now: Date) =>
  MEMBER_LIST.answer(db, filterOf(query), query, now);

/** One member's row (the detail page), or undefined. */
export async function memberRow(db: Sql, id: number): Promise<MemberRow | undefined> {
  return (await MEMBER_LIST.rows(db, filterOf({ id }), { limit: 1, offset: 0 }))[0];
}

/** The whole filtered list, in the list's order (by keyset in join order without a search, otherwise by offset). */
export const allMembers = (db: Sql, query: MemberFilter, size = 1000) => MEMBER_LIST.every(db, filterOf(query), size);

export function toAdminMember(row: MemberRow): AdminMember {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    status: row.status,
    role: row.role,
    sponsor: row.sponsor_id === null ? null : { id: row.sponsor_id, username: row.sponsor_username ?? '' },
    joinedAt: new Date(row.joined_at).toISOString(),
    balances: {
      deposit: fromBaseUnits(BigInt(row.deposit)),
      income: fromBaseUnits(BigInt(row.income)),
      points: fromBaseUnits(BigInt(row.points)),
    },
    team: toMemberTeam(row),
    rank: rankBadgeOf(row),
  };
}
