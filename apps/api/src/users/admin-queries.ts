import type { AdminUser, UsersQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { everyRow } from '../shared/csv';
import { containsPattern, exactUsername, orderBy, pageClause, SqlFilter } from '../shared/sql-filter';

/** The admin Users list: every account, members and admins alike. */
interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  full_name: string;
  role: 'admin' | 'member';
  status: 'active' | 'blocked';
  is_member: boolean;
  is_root: boolean;
  created_at: Date;
  /** created_at to the microsecond (a JavaScript Date keeps milliseconds): the keyset of the CSV. */
  created_key: string;
  last_sign_in_at: Date | null;
}

type UserSortField = UsersQuery['sort'] extends `-${infer F}` ? F : never;

/** `member` and `lastSignInAt` are the SELECT's own columns: ORDER BY may name them bare. */
const SORTS = {
  createdAt: 'u.created_at',
  username: 'u.username_key',
  fullName: 'lower(u.full_name)',
  email: 'lower(u.email)',
  role: 'u.role',
  status: 'u.status',
  member: 'is_member',
  lastSignInAt: 'last_sign_in_at',
} as const satisfies Record<UserSortField, string>;

export type UserFilter = Partial<Pick<UsersQuery, 'search' | 'role' | 'status'>> & { id?: number };

function filterOf(query: UserFilter): SqlFilter {
  const filter = new SqlFilter();
  if (query.id !== undefined) filter.where(`u.id = ${filter.param(query.id)}`);
  if (query.search) {
    const pattern = filter.param(containsPattern(query.search));
    filter.where(`(u.username ILIKE ${pattern} OR u.full_name ILIKE ${pattern} OR u.email ILIKE ${pattern})`);
  }
  if (query.role) filter.where(`u.role = ${filter.param(query.role)}`);
  if (query.status) filter.where(`u.status = ${filter.param(query.status)}`);
  return filter;
}

export async function countUsers(sql: Sql, query: UserFilter): Promise<number> {
  const filter = filterOf(query);
  const { rows } = await sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${filter.sql}`, filter.params);
  return rows[0]!.total;
}

export async function selectUsers(sql: Sql, query: UserFilter & { sort?: UsersQuery['sort'] }, window: { limit: number; offset: number }): Promise<AdminUser[]> {
  return (await userRows(sql, query, window)).map(toAdminUser);
}

/**
 * The whole filtered list, for CSV, in the list's order: in creation order
 * without a search (the exact match would break the keyset) from the last
 * row read, otherwise by offset.
 */
export async function* allUsers(sql: Sql, query: UserFilter & { sort?: UsersQuery['sort'] }, size = 1000): AsyncGenerator<AdminUser> {
  const sort = query.sort ?? '-createdAt';
  const keyset = !query.search && (sort === '-createdAt' || sort === 'createdAt');
  const rows = everyRow((window, after: AdminUserRow | undefined) => userRows(sql, query, window, after), keyset, size);
  for await (const row of rows) yield toAdminUser(row);
}

async function userRows(sql: Sql, query: UserFilter & { sort?: UsersQuery['sort'] }, window: { limit: number; offset: number }, after?: AdminUserRow): Promise<AdminUserRow[]> {
  const filter = filterOf(query);
  if (after) {
    const newestFirst = (query.sort ?? '-createdAt') === '-createdAt';
    filter.where(`(u.created_at, u.id) ${newestFirst ? '<' : '>'} (${filter.param(after.created_key)}::timestamptz, ${filter.param(after.id)}::bigint)`);
  }
  const first = exactUsername(filter, 'u.username_key', query.search);
  const { rows } = await sql.query<AdminUserRow>(
    `SELECT u.id, u.username, u.email, u.full_name, u.role, u.status, u.created_at, u.created_at::text AS created_key,
            EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id) AS is_member,
            EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id AND m.sponsor_id IS NULL) AS is_root,
            (SELECT max(s.created_at) FROM auth_sessions s WHERE s.user_id = u.id) AS last_sign_in_at
       FROM users u ${filter.sql}
      ${orderBy(query.sort ?? '-createdAt', SORTS, 'u.id', first)} ${pageClause(filter, window)}`,
    filter.params,
  );
  return rows;
}

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    status: row.status,
    isMember: row.is_member,
    isCompanyRoot: row.is_root,
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
  };
}
