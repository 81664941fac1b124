import { usernameKey, type Role, type User } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  full_name: string;
  phone: string | null;
  country: string | null;
  password_hash: string | null;
  role: Role;
  status: 'active' | 'blocked';
  is_member: boolean;
  created_at: Date;
}

const USER_COLUMNS = sql`u.id, u.username, u.email, u.full_name, u.phone, u.country, u.password_hash,
  u.role, u.status, u.created_at, (m.user_id IS NOT NULL) AS is_member`;

export async function findUserById(db: Sql, id: number): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    sql`SELECT ${USER_COLUMNS} FROM users u LEFT JOIN members m ON m.user_id = u.id WHERE u.id = ${id}`,
  );
  return rows[0];
}

/** By username, through the one normalisation (`usernameKey`: NFKC and case fold, migration 0011). */
export async function findUserByUsername(db: Sql, username: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    sql`SELECT ${USER_COLUMNS} FROM users u LEFT JOIN members m ON m.user_id = u.id WHERE u.username_key = ${usernameKey(username)}`,
  );
  return rows[0];
}

export async function findUserByEmail(db: Sql, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    sql`SELECT ${USER_COLUMNS} FROM users u LEFT JOIN members m ON m.user_id = u.id WHERE lower(u.email) = lower(${email})`,
  );
  return rows[0];
}

export async function isEmailTaken(db: Sql, email: string, exceptUserId?: number): Promise<boolean> {
  const { rows } = await db.query<{ found: number }>(
    sql`SELECT 1 AS found FROM users WHERE lower(email) = lower(${email}) AND id IS DISTINCT FROM ${exceptUserId ?? null}`,
  );
  return rows.length > 0;
}

export async function setPasswordHash(db: Sql, userId: number, passwordHash: string): Promise<void> {
  await db.query(sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${userId}`);
}

/** The public view of an account: never the hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    phone: row.phone,
    country: row.country,
    status: row.status,
    isMember: row.is_member,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
