/**
 * `npm run db:backup -- <file>` and `npm run db:restore -- <file>`: the
 * operator's backup and restore (docs/decisions/0031-backup-and-restore.md).
 * They read the same environment as the portal: DATABASE_URL (pg_dump /
 * pg_restore; the backup runs beside the portal, the restore only into an
 * empty database), else the embedded database in DATA_DIR (the data
 * folder's lock is taken, so both refuse while the portal runs there; the
 * restore only into a DATA_DIR that holds no database).
 */
import { ConfigError, loadConfig } from '../platform/config';
import { DataFolderLockedError } from '../setup/data-folder';
import { backup, BackupError, restore } from './backup';

const USAGE = 'Usage: npm run db:backup -- <file>   |   npm run db:restore -- <file>';

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const where = config.databaseUrl
    ? 'the PostgreSQL database of DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  if (command === 'backup') {
    const result = await backup(target, file);
    console.log(`Backed up ${where} to ${result.file} (${result.bytes} bytes, readable only by you).`);
    if (!config.databaseUrl) {
      console.log(
        `Not in the backup: the files beside the database in ${config.dataDir} (jwt-secret, totp-encryption.key, the embedded chain's keys and state, the outbox); keep them with it if you use them.`,
      );
    }
  } else {
    const result = await restore(target, file);
    console.log(
      `Restored ${file} into ${where}. Start the portal on it with the same chain settings; the deposit watcher and the payouts resume from the restored state.`,
    );
    if (result.heldPayouts > 0) {
      console.log(
        `${result.heldPayouts} approved payout(s) were not yet paid when the backup was taken. The old portal may have paid some of them after it: ` +
          "the restored portal pays none of them until it has read the hot wallet's transfers on chain since the backup and matched them " +
          '(found: settled as paid; not found: paid). Admins see the outcome under Withdrawals and in the audit log (docs/decisions/0053-keys-only-where-they-sign.md). ' +
          'Stop the old portal for good before starting this one.',
      );
    }
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof ConfigError || error instanceof DataFolderLockedError || error instanceof BackupError;
    console.error(known ? error.message : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
