import type { AdminUser, UsersQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { containsPattern, orderBy, pageClause, SqlFilter } from '../shared/sql-filter';

/** The admin Users list: every account, members and admins alike. */
interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  full_name: string;
  role: 'admin' | 'member';
  status: 'active' | 'blocked';
  is_member: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
}

const SORTS = { createdAt: 'u.created_at', username: 'lower(u.username)', email: 'lower(u.email)', role: 'u.role', status: 'u.status' } as const;

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
  const filter = filterOf(query);
  const { rows } = await sql.query<AdminUserRow>(
    `SELECT u.id, u.username, u.email, u.full_name, u.role, u.status, u.created_at,
            EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id) AS is_member,
            (SELECT max(s.created_at) FROM auth_sessions s WHERE s.user_id = u.id) AS last_sign_in_at
       FROM users u ${filter.sql}
      ${orderBy(query.sort ?? '-createdAt', SORTS, 'u.id')} ${pageClause(filter, window)}`,
    filter.params,
  );
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    status: row.status,
    isMember: row.is_member,
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
  }));
}
