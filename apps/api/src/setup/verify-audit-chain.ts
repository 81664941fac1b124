/**
 * `npm run audit:verify`: recomputes the whole audit chain
 * (docs/decisions/0054-audit-chain.md) and prints the first entry that does
 * not match, exiting 1, or that it is whole, exiting 0. The outcome is also
 * recorded as the audit page's watermark. It reads the same environment as
 * the portal (DATABASE_URL, else the embedded database in DATA_DIR); on the
 * embedded database it takes the data folder's lock, so it refuses while
 * the portal runs there (stop it first); on DATABASE_URL it runs beside it.
 */
import { ConfigError, loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { migrate } from '../platform/db/migrate';
import { DataFolderLockedError, lockDataFolder } from './data-folder';
import { describeCheck } from '../audit/verify-chain';
import { verifyAuditChain } from '../audit/verification';

async function main(): Promise<number> {
  const config = loadConfig();
  const lock = config.databaseUrl ? undefined : lockDataFolder(config.dataDir, 'the audit verification');
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const { outcome } = await verifyAuditChain(db, new Date(), { whole: true });
    if (outcome === 'busy' || outcome === 'waiting') throw new Error('unreachable: a full check waits for its lock');
    const text = describeCheck(outcome);
    if (outcome.whole) console.log(text);
    else console.error(text);
    return outcome.whole ? 0 : 1;
  } finally {
    await db.close();
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataFolderLockedError;
    console.error(known ? error.message : error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
