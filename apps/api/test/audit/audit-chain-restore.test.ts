import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../src/audit/write-audit';
import { checkChain } from '../../src/audit/verify-chain';
import { backup, restore } from '../../src/backup/backup';
import { openDatabase } from '../../src/platform/db/database';
import { migrate } from '../../src/platform/db/migrate';
import { scratchDatabase } from '../../src/platform/db/scratch-database';

/**
 * A backup restored brings the audit chain back whole, its head with it, and
 * the restored portal appends to it (docs/decisions/0054-audit-chain.md):
 * `pg_restore` creates the trigger after loading the rows, so it does not
 * chain them again. The embedded database (PGlite's data folder), or with
 * DATABASE_URL two scratch databases of that server.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-audit-restore-'));
const tag = randomBytes(4).toString('hex');
const servers = process.env.DATABASE_URL
  ? [
      scratchDatabase(process.env.DATABASE_URL, `audit_a_${tag}`),
      scratchDatabase(process.env.DATABASE_URL, `audit_b_${tag}`),
    ]
  : undefined;
const source = { databaseUrl: servers?.[0]!.url, dataDir: path.join(scratch, 'source') };
const restored = { databaseUrl: servers?.[1]!.url, dataDir: path.join(scratch, 'restored') };
afterAll(() => {
  for (const server of servers ?? []) server.drop();
  rmSync(scratch, { recursive: true, force: true });
});

const append = (db: Awaited<ReturnType<typeof openDatabase>>, i: number) =>
  db.transaction((tx) =>
    writeAudit(tx, { actor: { userId: null, ip: null }, action: 'user.block', targetType: 'user', targetId: i }),
  );

describe('the audit chain across a backup and restore', () => {
  it('verifies after the restore, and the restored portal goes on with it', async () => {
    const db = await openDatabase(source);
    try {
      await migrate(db);
      for (let i = 0; i < 4; i++) await append(db, i);
      expect(await checkChain(db)).toMatchObject({ whole: true, last: { position: 4 } });
    } finally {
      await db.close();
    }
    const file = path.join(scratch, servers ? 'portal.dump' : 'portal.tar.gz');
    await backup(source, file);
    await restore(restored, file);

    const back = await openDatabase(restored);
    try {
      await migrate(back);
      expect(await checkChain(back)).toMatchObject({ whole: true, last: { position: 4 } });
      await append(back, 5);
      expect(await checkChain(back)).toMatchObject({ whole: true, last: { position: 5 } });
    } finally {
      await back.close();
    }
  }, 120_000);
});
