import type { AdminUser, UsersQuery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import type { CsvColumn } from '../shared/csv';
import { sql } from '../platform/db/sql';
import { ACCOUNT_SORTS, accountList } from '../shared/account-list';
import { defineList, type ListFilter } from '../shared/list-query';

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

const USERS = accountList({ timeField: 'createdAt', time: 'u.created_at', id: 'u.id' });

export type UserFilter = Partial<Pick<UsersQuery, 'search' | 'role' | 'status' | 'sort'>> & { id?: number };

function filterOf(query: UserFilter): ListFilter<AdminUserRow> {
  return USERS.filter(query, [query.role ? sql`u.role = ${query.role}` : undefined], (row: AdminUserRow) => ({
    time: row.created_key,
    id: row.id,
  }));
}

const CSV_COLUMNS: CsvColumn<AdminUser>[] = [
  { header: 'id', value: (u) => u.id, raw: true },
  { header: 'username', value: (u) => u.username },
  { header: 'full_name', value: (u) => u.fullName },
  { header: 'email', value: (u) => u.email },
  { header: 'role', value: (u) => u.role },
  { header: 'status', value: (u) => u.status },
  { header: 'member', value: (u) => (u.isMember ? 'yes' : 'no') },
  { header: 'created_at', value: (u) => u.createdAt },
  { header: 'last_sign_in_at', value: (u) => u.lastSignInAt },
];

const USER_LIST = defineList({
  select: sql`SELECT u.id, u.username, u.email, u.full_name, u.role, u.status, u.created_at, u.created_at::text AS created_key,
         EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id) AS is_member,
         EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id AND m.sponsor_id IS NULL) AS is_root,
         (SELECT max(s.created_at) FROM auth_sessions s WHERE s.user_id = u.id AND s.viewed_by IS NULL) AS last_sign_in_at
    FROM users u`,
  counted: sql`users u`,
  sorts: SORTS,
  tieBreaker: 'u.id',
  toItem: toAdminUser,
  csv: { name: 'users', columns: CSV_COLUMNS },
});

/** The Users list: a page, or with `format=csv` the whole filtered list in the same order. */
export const userList = (db: Sql, query: UsersQuery, now: Date) => USER_LIST.answer(db, filterOf(query), query, now);

/** One account as the admin pages show it, or undefined. */
export async function adminUser(db: Sql, id: number): Promise<AdminUser | undefined> {
  return (await USER_LIST.items(db, filterOf({ id }), { limit: 1, offset: 0 }))[0];
}

/** The whole filtered list, in the list's order (by keyset in creation order without a search, otherwise by offset). */
export const allUsers = (db: Sql, query: UserFilter, size = 1000) => USER_LIST.every(db, filterOf(query), size);

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
