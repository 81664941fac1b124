import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { findUserByUsername } from '../users/queries';

export interface BootstrapResult {
  rootCreated: boolean;
  /** Set when this start created the admin account; `password` only when it was generated. */
  admin?: { username: string; generatedPassword?: string };
}

/**
 * First start: the company's root member (the top of both trees, cannot sign
 * in) and the first admin account. Later starts change nothing.
 */
export async function bootstrap(ctx: AppContext): Promise<BootstrapResult> {
  const { db, config } = ctx;
  const result: BootstrapResult = { rootCreated: false };

  await db.transaction(async (tx) => {
    const root = await tx.query('SELECT 1 FROM members WHERE sponsor_id IS NULL');
    if (root.rows.length > 0) return;
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO users (username, email, full_name, password_hash, role)
       VALUES ($1, $2, 'Company', NULL, 'member') RETURNING id`,
      [config.rootUsername, `${config.rootUsername.toLowerCase()}@portal.local`],
    );
    await tx.query('INSERT INTO members (user_id, sponsor_id) VALUES ($1, NULL)', [rows[0]!.id]);
    result.rootCreated = true;
  });

  const admins = await db.query("SELECT 1 FROM users WHERE role = 'admin' LIMIT 1");
  if (admins.rows.length === 0) {
    if (await findUserByUsername(db, config.adminUsername)) {
      throw new Error(`ADMIN_USERNAME: "${config.adminUsername}" is already taken by a member; choose another name.`);
    }
    const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(config.adminPassword ?? generatedPassword!);
    await db.query(
      `INSERT INTO users (username, email, full_name, password_hash, role)
       VALUES ($1, $2, 'Administrator', $3, 'admin')`,
      [config.adminUsername, config.adminEmail, passwordHash],
    );
    result.admin = { username: config.adminUsername, generatedPassword };
  }
  return result;
}
