/**
 * `npm run admin:reset-password [-- <username>]`: for the operator with shell
 * access who lost the admin password. Sets a new generated password (or
 * ADMIN_PASSWORD when set), ends the admin's sign-ins, records it in the audit
 * log, and prints the password and writes it to an owner-only file in
 * DATA_DIR. It reads the same environment as the portal. On the embedded
 * database it takes the data folder's lock, so it refuses while the portal
 * runs (stop it first); on DATABASE_URL it runs beside the portal.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { migrate } from '../platform/db/migrate';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { writeAudit } from '../audit/write-audit';
import { findUserByUsername, setPasswordHash } from '../users/queries';
import { adminPasswordFileText } from './bootstrap';
import { ADMIN_PASSWORD_FILE, DataFolderLockedError, lockDataFolder, writeOwnerOnly } from './data-folder';
import { sql } from '../platform/db/sql';

async function main(): Promise<number> {
  const config = loadConfig();
  const username = process.argv[2] ?? config.adminUsername;
  const lock = config.databaseUrl ? undefined : lockDataFolder(config.dataDir, 'the password reset');
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const user = await findUserByUsername(db, username);
    if (!user || user.role !== 'admin') {
      const { rows } = await db.query<{ username: string }>(
        sql`SELECT username FROM users WHERE role = 'admin' ORDER BY id`,
      );
      console.error(
        `No admin account "${username}". Admins: ${rows.map((row) => row.username).join(', ') || 'none (start the portal once to create one)'}.`,
      );
      return 1;
    }
    const password = config.adminPassword ?? randomBytes(12).toString('base64url');
    const file = config.adminPassword ? undefined : path.join(config.dataDir, ADMIN_PASSWORD_FILE);
    if (file) writeOwnerOnly(file, adminPasswordFileText(user.username, password));
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash);
      await revokeUserSessions(tx, user.id);
      await writeAudit(tx, {
        actor: { userId: user.id, ip: null },
        action: 'user.password_reset_by_operator',
        targetType: 'user',
        targetId: user.id,
      });
    });
    console.log(
      file
        ? `The password of "${user.username}" is now: ${password}\n(also kept in ${file}, readable only by you; every sign-in of this account has ended.)`
        : `The password of "${user.username}" is now the one in ADMIN_PASSWORD; every sign-in of this account has ended.`,
    );
    return 0;
  } finally {
    await db.close();
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof DataFolderLockedError
        ? error.message
        : error instanceof Error
          ? error.message
          : error,
    );
    process.exit(1);
  },
);
