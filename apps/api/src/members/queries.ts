import { fromBaseUnits, type AdminMember, type MembersQuery } from '@portal/contract';

type MemberSortField = MembersQuery['sort'] extends `-${infer F}` ? F : never;
import type { Sql } from '../db/database';
import { everyRow } from '../shared/csv';
import { sql, type SqlQuery } from '../db/sql';
import { ACCOUNT_SORTS, accountList } from '../shared/account-list';
import { where } from '../shared/sql-list';
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
// teamSql (network/team.ts) is fixed text of the code, without values.
const MEMBER_SELECT = sql`
  SELECT u.id, u.username, u.full_name, u.email, u.phone, u.country, u.status, u.role,
         m.sponsor_id, s.username AS sponsor_username, m.joined_at, m.joined_at::text AS joined_key,
         COALESCE(wd.balance, 0)::text AS deposit,
         COALESCE(wi.balance, 0)::text AS income,
         COALESCE(wp.balance, 0)::text AS points,
         ${sql.raw(team.columns)}
    FROM members m
    JOIN users u ON u.id = m.user_id
    LEFT JOIN users s ON s.id = m.sponsor_id
    LEFT JOIN ledger_accounts wd ON wd.owner_id = m.user_id AND wd.wallet = 'deposit'
    LEFT JOIN ledger_accounts wi ON wi.owner_id = m.user_id AND wi.wallet = 'income'
    LEFT JOIN ledger_accounts wp ON wp.owner_id = m.user_id AND wp.wallet = 'points'
    ${sql.raw(team.joins)}`;

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

const MEMBERS = accountList({ sorts: SORTS, timeField: 'joinedAt', time: 'm.joined_at', id: 'm.user_id' });

export type MemberFilter = Partial<Pick<MembersQuery, 'search' | 'status' | 'sponsor'>> & { id?: number };

/** The list's conditions, for `where`. */
function filterOf(query: MemberFilter): Array<SqlQuery | undefined> {
  return [...MEMBERS.filters(query), query.sponsor ? sql`lower(s.username) = lower(${query.sponsor})` : undefined];
}

export async function countMembers(db: Sql, query: MemberFilter): Promise<number> {
  const needsSponsor = query.sponsor ? sql`LEFT JOIN users s ON s.id = m.sponsor_id` : sql.empty;
  const { rows } = await db.query<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM members m JOIN users u ON u.id = m.user_id ${needsSponsor} ${where(...filterOf(query))}`,
  );
  return rows[0]!.total;
}

export async function selectMembers(
  db: Sql,
  query: MemberFilter & { sort?: MembersQuery['sort'] },
  window: { limit: number; offset: number },
  /** In join order only: the rows after this one (keyset paging). */
  after?: MemberRow,
): Promise<MemberRow[]> {
  const beyond = MEMBERS.after(query, after && { time: after.joined_key, id: after.id });
  const { rows } = await db.query<MemberRow>(sql`${MEMBER_SELECT} ${where(...filterOf(query), beyond)} ${MEMBERS.orderAndPage(query, window)}`);
  return rows;
}

/**
 * The whole filtered list, for CSV, in the list's order: in join order
 * without a search (the exact match would break the keyset) from the last
 * row read, otherwise by offset.
 */
export function allMembers(db: Sql, query: MemberFilter & { sort?: MembersQuery['sort'] }, size = 1000): AsyncGenerator<MemberRow> {
  return everyRow((window, after: MemberRow | undefined) => selectMembers(db, query, window, after), MEMBERS.keyset(query), size);
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
