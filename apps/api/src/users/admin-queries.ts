import type { AdminUser, UsersQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { everyRow } from '../shared/csv';
import { sql, type SqlQuery } from '../db/sql';
import { ACCOUNT_SORTS, accountList } from '../shared/account-list';
import { where } from '../shared/sql-list';

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
  ...ACCOUNT_SORTS,
  createdAt: 'u.created_at',
  role: 'u.role',
  member: 'is_member',
  lastSignInAt: 'last_sign_in_at',
} as const satisfies Record<UserSortField, string>;

const USERS = accountList({ sorts: SORTS, timeField: 'createdAt', time: 'u.created_at', id: 'u.id' });

export type UserFilter = Partial<Pick<UsersQuery, 'search' | 'role' | 'status'>> & { id?: number };

/** The list's conditions, for `where`. */
function filterOf(query: UserFilter): Array<SqlQuery | undefined> {
  return [...USERS.filters(query), query.role ? sql`u.role = ${query.role}` : undefined];
}

export async function countUsers(db: Sql, query: UserFilter): Promise<number> {
  const { rows } = await db.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM users u ${where(...filterOf(query))}`);
  return rows[0]!.total;
}

export async function selectUsers(db: Sql, query: UserFilter & { sort?: UsersQuery['sort'] }, window: { limit: number; offset: number }): Promise<AdminUser[]> {
  return (await userRows(db, query, window)).map(toAdminUser);
}

/**
 * The whole filtered list, for CSV, in the list's order: in creation order
 * without a search (the exact match would break the keyset) from the last
 * row read, otherwise by offset.
 */
export async function* allUsers(db: Sql, query: UserFilter & { sort?: UsersQuery['sort'] }, size = 1000): AsyncGenerator<AdminUser> {
  const rows = everyRow((window, after: AdminUserRow | undefined) => userRows(db, query, window, after), USERS.keyset(query), size);
  for await (const row of rows) yield toAdminUser(row);
}

async function userRows(db: Sql, query: UserFilter & { sort?: UsersQuery['sort'] }, window: { limit: number; offset: number }, after?: AdminUserRow): Promise<AdminUserRow[]> {
  const beyond = USERS.after(query, after && { time: after.created_key, id: after.id });
  const { rows } = await db.query<AdminUserRow>(
    sql`SELECT u.id, u.username, u.email, u.full_name, u.role, u.status, u.created_at, u.created_at::text AS created_key,
            EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id) AS is_member,
            EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id AND m.sponsor_id IS NULL) AS is_root,
            (SELECT max(s.created_at) FROM auth_sessions s WHERE s.user_id = u.id) AS last_sign_in_at
       FROM users u ${where(...filterOf(query), beyond)}
      ${USERS.orderAndPage(query, window)}`,
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
