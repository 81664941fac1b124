import { fromBaseUnits, type AdminMember, type MembersQuery } from '@portal/contract';

type MemberSortField = MembersQuery['sort'] extends `-${infer F}` ? F : never;
import type { Sql } from '../db/database';
import { everyRow } from '../shared/csv';
import { SqlFilter, containsPattern, exactUsername, orderBy, pageClause } from '../shared/sql-filter';
import { teamSql, toMemberTeam, type TeamColumns } from '../network/team';

/**
 * The admin Members list: one SELECT for the list, the CSV and the detail
 * page, so a column added here (the network's team figures, the package)
 * shows everywhere.
 */
export interface MemberRow extends TeamColumns {
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
const MEMBER_SELECT = `
  SELECT u.id, u.username, u.full_name, u.email, u.phone, u.country, u.status, u.role,
         m.sponsor_id, s.username AS sponsor_username, m.joined_at, m.joined_at::text AS joined_key,
         COALESCE(wd.balance, 0)::text AS deposit,
         COALESCE(wi.balance, 0)::text AS income,
         COALESCE(wp.balance, 0)::text AS points,
         ${team.columns}
    FROM members m
    JOIN users u ON u.id = m.user_id
    LEFT JOIN users s ON s.id = m.sponsor_id
    LEFT JOIN ledger_accounts wd ON wd.owner_id = m.user_id AND wd.wallet = 'deposit'
    LEFT JOIN ledger_accounts wi ON wi.owner_id = m.user_id AND wi.wallet = 'income'
    LEFT JOIN ledger_accounts wp ON wp.owner_id = m.user_id AND wp.wallet = 'points'
    ${team.joins}`;

const SORTS = {
  joinedAt: 'm.joined_at',
  username: 'u.username_key',
  fullName: 'lower(u.full_name)',
  email: 'lower(u.email)',
  sponsor: 'lower(s.username)',
  // Left and right together, as the list shows them (the columns of teamSql).
  team: 'COALESCE(team_node.left_count + team_pending.lc, 0) + COALESCE(team_node.right_count + team_pending.rc, 0)',
  referrals: 'm.direct_count',
  deposit: 'COALESCE(wd.balance, 0)',
  income: 'COALESCE(wi.balance, 0)',
  points: 'COALESCE(wp.balance, 0)',
  status: 'u.status',
} as const satisfies Record<MemberSortField, string>;

export type MemberFilter = Partial<Pick<MembersQuery, 'search' | 'status' | 'sponsor'>> & { id?: number };

function filterOf(query: MemberFilter): SqlFilter {
  const filter = new SqlFilter();
  if (query.id !== undefined) filter.where(`m.user_id = ${filter.param(query.id)}`);
  if (query.search) {
    const pattern = filter.param(containsPattern(query.search));
    filter.where(`(u.username ILIKE ${pattern} OR u.full_name ILIKE ${pattern} OR u.email ILIKE ${pattern})`);
  }
  if (query.status) filter.where(`u.status = ${filter.param(query.status)}`);
  if (query.sponsor) filter.where(`lower(s.username) = lower(${filter.param(query.sponsor)})`);
  return filter;
}

export async function countMembers(sql: Sql, query: MemberFilter): Promise<number> {
  const filter = filterOf(query);
  const needsSponsor = query.sponsor ? 'LEFT JOIN users s ON s.id = m.sponsor_id' : '';
  const { rows } = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM members m JOIN users u ON u.id = m.user_id ${needsSponsor} ${filter.sql}`,
    filter.params,
  );
  return rows[0]!.total;
}

export async function selectMembers(
  sql: Sql,
  query: MemberFilter & { sort?: MembersQuery['sort'] },
  window: { limit: number; offset: number },
  /** In join order only: the rows after this one (keyset paging). */
  after?: MemberRow,
): Promise<MemberRow[]> {
  const filter = filterOf(query);
  if (after) {
    const newestFirst = (query.sort ?? '-joinedAt') === '-joinedAt';
    filter.where(`(m.joined_at, m.user_id) ${newestFirst ? '<' : '>'} (${filter.param(after.joined_key)}::timestamptz, ${filter.param(after.id)}::bigint)`);
  }
  const first = exactUsername(filter, 'u.username_key', query.search);
  const { rows } = await sql.query<MemberRow>(
    `${MEMBER_SELECT} ${filter.sql}
      ${orderBy(query.sort ?? '-joinedAt', SORTS, 'm.user_id', first)} ${pageClause(filter, window)}`,
    filter.params,
  );
  return rows;
}

/**
 * The whole filtered list, for CSV, in the list's order: in join order
 * without a search (the exact match would break the keyset) from the last
 * row read, otherwise by offset.
 */
export function allMembers(sql: Sql, query: MemberFilter & { sort?: MembersQuery['sort'] }, size = 1000): AsyncGenerator<MemberRow> {
  const sort = query.sort ?? '-joinedAt';
  const keyset = !query.search && (sort === '-joinedAt' || sort === 'joinedAt');
  return everyRow((window, after: MemberRow | undefined) => selectMembers(sql, query, window, after), keyset, size);
}

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
  };
}
