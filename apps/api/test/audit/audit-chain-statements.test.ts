/**
 * The audit chain's head written once per statement
 * (docs/decisions/0054-audit-chain.md, "One write of the head per
 * statement"): a statement takes the head, its entries move it on in a
 * transaction-local setting, its end writes it back. Whatever the shape of
 * the transaction (several statements, a savepoint rolled back, inserts
 * nested in another or several in one statement, a statement that adds
 * nothing), the entries keep one chain without a gap and the head ends at
 * the last entry. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { writeAudit } from '../../src/audit/write-audit';
import { checkChain } from '../../src/audit/verify-chain';
import type { Sql } from '../../src/platform/db/database';
import { sql } from '../../src/platform/db/sql';
import { useFreshPortal } from '../harness';

const portal = useFreshPortal();

const SYSTEM = { userId: null, ip: '203.0.113.7' };

async function positions(db: Sql): Promise<number[]> {
  const { rows } = await db.query<{ position: string }>(
    sql`SELECT chain_position::text AS position FROM audit_log ORDER BY chain_position`,
  );
  return rows.map((row) => Number(row.position));
}

async function head(db: Sql): Promise<{ position: number; hash: string }> {
  const { rows } = await db.query<{ position: string; hash: string }>(
    sql`SELECT position::text AS position, encode(hash, 'hex') AS hash FROM audit_chain_head`,
  );
  return { position: Number(rows[0]!.position), hash: rows[0]!.hash };
}

/** The chain is whole, numbered 1…n without a gap, and the head is its last entry. */
async function expectWhole(db: Sql): Promise<void> {
  const all = await positions(db);
  expect(all).toEqual(all.map((_, i) => i + 1));
  expect(await checkChain(db)).toMatchObject({ whole: true, last: { position: all.length } });
  const { rows } = await db.query<{ hash: string }>(
    sql`SELECT encode(hash, 'hex') AS hash FROM audit_log ORDER BY chain_position DESC LIMIT 1`,
  );
  expect(await head(db)).toEqual({ position: all.length, hash: rows[0]!.hash });
}

describe('the audit chain, statement by statement', () => {
  it('chains the entries of several statements of one transaction, the head written after each', async () => {
    const before = (await positions(portal.db)).length;
    await portal.db.transaction(async (tx) => {
      await writeAudit(tx, { actor: SYSTEM, action: 'user.block', targetType: 'user', targetId: [1, 2, 3] });
      expect((await head(tx)).position).toBe(before + 3);
      await writeAudit(tx, { actor: SYSTEM, action: 'user.unblock', targetType: 'user', targetId: 1 });
      expect((await head(tx)).position).toBe(before + 4);
    });
    await expectWhole(portal.db);
  });

  it('gives back the positions of a savepoint rolled back, and goes on from the entries kept', async () => {
    const before = (await positions(portal.db)).length;
    await portal.db.transaction(async (tx) => {
      await writeAudit(tx, { actor: SYSTEM, action: 'user.block', targetType: 'user', targetId: 1 });
      await tx.query(sql`SAVEPOINT undone`);
      await writeAudit(tx, { actor: SYSTEM, action: 'user.block', targetType: 'user', targetId: [2, 3, 4] });
      await tx.query(sql`ROLLBACK TO SAVEPOINT undone`);
      await writeAudit(tx, { actor: SYSTEM, action: 'user.unblock', targetType: 'user', targetId: 1 });
    });
    expect((await positions(portal.db)).length).toBe(before + 2);
    await expectWhole(portal.db);
  });

  it('chains inserts nested in another insert (a function it calls), one of them adding nothing', async () => {
    const before = (await positions(portal.db)).length;
    // Each outer entry calls a function that appends entries of its own first: an insert that starts after the
    // outer one has added entries, before the outer statement's end writes them back.
    const nested = (inner: number) =>
      portal.db.transaction(async (tx) => {
        await tx.query(sql`CREATE FUNCTION pg_temp.audited_inside(n int) RETURNS int LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO audit_log (action, target_id) SELECT 'user.unblock', g::text FROM generate_series(1, n) g;
            RETURN n;
          END $$`);
        await tx.query(
          sql`INSERT INTO audit_log (action, details)
              SELECT 'user.block', jsonb_build_object('inside', pg_temp.audited_inside(${inner}::int)) FROM generate_series(1, 3)`,
        );
        await tx.query(sql`DROP FUNCTION pg_temp.audited_inside(int)`);
      });
    await nested(2);
    expect((await positions(portal.db)).length).toBe(before + 9);
    await expectWhole(portal.db);
    await nested(0);
    expect((await positions(portal.db)).length).toBe(before + 12);
    await expectWhole(portal.db);
  });

  it('chains the inserts of one statement that holds several', async () => {
    const before = (await positions(portal.db)).length;
    await portal.db.query(
      sql`WITH first AS (
            INSERT INTO audit_log (action) SELECT 'user.block' FROM generate_series(1, 3) RETURNING id),
          second AS (INSERT INTO audit_log (action) SELECT 'user.unblock' FROM generate_series(1, 2) RETURNING id)
          SELECT count(*) FROM (SELECT id FROM first UNION ALL SELECT id FROM second) entries`,
    );
    expect((await positions(portal.db)).length).toBe(before + 5);
    await expectWhole(portal.db);
  });

  it('leaves the head as it was after a statement that adds no entry', async () => {
    const { rows } = await portal.db.query<{ version: string }>(
      sql`SELECT xmin::text AS version FROM audit_chain_head`,
    );
    await portal.db.query(sql`INSERT INTO audit_log (action) SELECT 'user.block' WHERE false`);
    const after = await portal.db.query<{ version: string }>(sql`SELECT xmin::text AS version FROM audit_chain_head`);
    expect(after.rows[0]!.version).toBe(rows[0]!.version);
    await expectWhole(portal.db);
  });
});
