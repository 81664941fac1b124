import { describe, expect, it } from 'vitest';
import { registerMember, usePortal } from '../harness';
import { fund, transfer } from './ledger-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * The money paths' statements find their rows by index whatever the
 * statistics say (docs/decisions/0049-fast-as-the-books-grow.md): a
 * connection that planned a transfer's statements while the ledger was empty
 * (its foreign-key checks, the zero-sum check at commit, the session check,
 * the Idempotency-Key claim) does not read a whole table once the ledger
 * holds 100,000 entries. No ANALYZE runs in between and autovacuum is off
 * for the test's tables, so nothing replans by luck; read from
 * pg_stat_user_tables on both databases (PGlite is one connection, so it is
 * always the one that planned; on PostgreSQL the pool hands back the same
 * idle connection to requests made one after another).
 */
const FILL = Number(process.env.PLANS_TEST_FILL ?? 100_000);
const TABLES = [
  'journal_entries',
  'postings',
  'ledger_accounts',
  'transfers',
  'idempotency_keys',
  'auth_sessions',
  'users',
  'members',
];

describe('plans that do not depend on the statistics', () => {
  const { portal, admin } = usePortal();

  async function scans(): Promise<Map<string, { scans: number; rows: number }>> {
    // A backend's counts show once it flushes them, which it is told to do when next idle: the transfer's
    // connection is idle by now (the pool hands it back to requests made one after another).
    await portal.db.query(sql`SELECT pg_stat_force_next_flush()`);
    const { rows } = await portal.db.query<{ relname: string; seq_scan: number; seq_tup_read: number }>(
      sql`SELECT relname, seq_scan, seq_tup_read FROM pg_stat_user_tables
           WHERE schemaname = current_schema() AND relname = ANY (${TABLES})`,
    );
    return new Map(rows.map((r) => [r.relname, { scans: Number(r.seq_scan), rows: Number(r.seq_tup_read) }]));
  }

  it('the transfer after 100,000 entries reads no table whole on a connection that planned on empty tables', async () => {
    // Statistics move only when the test moves them.
    for (const table of TABLES)
      await portal.db.query(sql`ALTER TABLE ${sql.raw(table)} SET (autovacuum_enabled = false)`);
    const a = await registerMember(portal.app);
    const b = await registerMember(portal.app);
    await fund(portal.app, admin, a.user.id, 'deposit', '1000');
    await fund(portal.app, admin, b.user.id, 'deposit', '1000');
    // PostgreSQL keeps a statement's generic plan after five runs: more than that, on tables of a few rows.
    for (let i = 0; i < 8; i += 1) {
      const res = await transfer(
        portal.app,
        i % 2 ? b : a,
        { toUsername: (i % 2 ? a : b).user.username, amount: '1' },
        `warm-${i}`,
      );
      expect(res.statusCode, res.body).toBe(201);
    }

    // 100,000 balanced entries between two system accounts, 200,000 postings, and a stored answer each.
    const started = Date.now();
    await portal.db.transaction(async (tx) => {
      // The filler is balanced by construction; the ledger's triggers are skipped for it (the money paths' own checks
      // are what the test reads, on the transfer after it), or their 100,000 commit-time checks take minutes on a busy CI.
      await tx.query(sql`SET LOCAL session_replication_role = replica`);
      await tx.query(sql`
        WITH e AS (
          INSERT INTO journal_entries (type, memo, refs)
          SELECT 'adjustment', 'filler ' || g, '{}'::jsonb FROM generate_series(1, ${FILL}) g
          RETURNING id)
        INSERT INTO postings (entry_id, account_id, amount, balance_after)
        SELECT e.id, a.id, s.amount, NULL
          FROM e CROSS JOIN (VALUES ('adjustments', 1), ('treasury', -1)) s (code, amount)
          JOIN ledger_accounts a ON a.code = s.code`);
      await tx.query(sql`
        INSERT INTO idempotency_keys (user_id, operation, key, request_hash, status_code, response)
        SELECT ${a.user.id}, 'transfer', 'filler-' || g, 'h', 201, '{}'::jsonb FROM generate_series(1, ${FILL}) g`);
    });
    console.log(`filled ${FILL} entries in ${Date.now() - started} ms (${portal.db.kind})`);

    const before = await scans();
    const res = await transfer(portal.app, a, { toUsername: b.user.username, amount: '1' }, 'after-the-fill');
    expect(res.statusCode, res.body).toBe(201);
    const after = await scans();

    const read = TABLES.map((table) => ({
      table,
      scans: (after.get(table)?.scans ?? 0) - (before.get(table)?.scans ?? 0),
      rows: (after.get(table)?.rows ?? 0) - (before.get(table)?.rows ?? 0),
    }));
    // Not one sequential scan of any table the transfer touches: every row found by index.
    expect(read.filter((r) => r.scans > 0 || r.rows > 0)).toEqual([]);
  }, 600_000);

  // PostgreSQL updates a row in place (heap-only, HOT) only when no index reads a column the update changes, its
  // WHERE included: an index naming `balance` made every posting write every index of the hot wallets' rows
  // (apps/api/migrations/0056_ledger_accounts_hot_updates.sql).
  it('no index of the wallets reads their balance, so a posting updates a balance in place', async () => {
    const { rows } = await portal.db.query<{ def: string }>(
      sql`SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'ledger_accounts'::regclass`,
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.def).filter((def) => /\bbalance\b/.test(def))).toEqual([]);
  });
});
