import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../src/audit/write-audit';
import { openDatabase, type Database } from '../../src/platform/db/database';
import { migrate } from '../../src/platform/db/migrate';
import { scratchDatabase } from '../../src/platform/db/scratch-database';
import { sql } from '../../src/platform/db/sql';

/**
 * `npm run audit:verify` as the operator types it (docs/decisions/0054-audit-chain.md),
 * on the database the environment names: the embedded one in DATA_DIR, or
 * with DATABASE_URL set a scratch database of that server. Exit 0 and the
 * last entry for a whole chain, exit 1 and the first entry that does not
 * match for a changed one. Also: the hash's bytes, the same on both databases.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-audit-cli-'));
const server = process.env.DATABASE_URL
  ? scratchDatabase(process.env.DATABASE_URL, `audit_cli_${randomBytes(4).toString('hex')}`)
  : undefined;
const target = server ? { DATABASE_URL: server.url } : { DATA_DIR: path.join(scratch, 'data') };
afterAll(() => {
  server?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: server?.url, dataDir: path.join(scratch, 'data') });
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}

function verify() {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const result = spawnSync('npm', ['run', '--silent', 'audit:verify'], {
    env: { ...rest, LOG_LEVEL: 'silent', ...target },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('npm run audit:verify', () => {
  it('says the chain is whole, then names the entry changed by hand', async () => {
    const ids = await withDatabase(async (db) => {
      for (let i = 0; i < 3; i++)
        await db.transaction((tx) =>
          writeAudit(tx, { actor: { userId: null, ip: null }, action: 'user.block', targetType: 'user', targetId: i }),
        );
      const { rows } = await db.query<{ id: string }>(sql`SELECT id::text FROM audit_log ORDER BY chain_position`);
      return rows.map((row) => Number(row.id));
    });
    const whole = verify();
    expect(whole.out).toContain(`The audit chain is whole: ${ids.length} entries, the last entry #${ids.at(-1)}`);
    expect(whole.status).toBe(0);

    const victim = ids.at(-2)!;
    await withDatabase((db) => db.query(sql`UPDATE audit_log SET target_id = '7' WHERE id = ${victim}`));
    const broken = verify();
    expect(broken.out).toContain(`The audit chain does not match from entry #${victim} (position ${ids.length - 1})`);
    expect(broken.status).toBe(1);
    // The audit page's watermark says the same.
    const recorded = await withDatabase(
      async (db) =>
        (await db.query<{ id: string }>(sql`SELECT broken_entry_id::text AS id FROM audit_chain_verified`)).rows[0]!,
    );
    expect(Number(recorded.id)).toBe(victim);
  }, 120_000);

  it('hashes an entry to the same bytes, whatever the session time zone', async () => {
    const hex = await withDatabase((db) =>
      db.transaction(async (tx) => {
        await tx.query(sql`SET LOCAL TimeZone = 'America/New_York'`);
        const { rows } = await tx.query<{ hex: string }>(
          sql`SELECT encode(audit_entry_hash('\\x'::bytea, 1, 7, NULL, 'user.block', 'user', '3',
                '{"note": "élan", "amount": "1.50"}'::jsonb, '203.0.113.7', '2026-01-02T03:04:05.123456Z'), 'hex') AS hex`,
        );
        return rows[0]!.hex;
      }),
    );
    // jsonb's text: keys by length then bytes, ", " and ": " between; the time as epoch seconds.
    const content =
      '[1, 7, null, "user.block", "user", "3", {"note": "élan", "amount": "1.50"}, "203.0.113.7", 1767323045.123456]';
    expect(hex).toBe(createHash('sha256').update(content, 'utf8').digest('hex'));
  }, 60_000);
});
