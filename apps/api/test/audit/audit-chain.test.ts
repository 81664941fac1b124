/**
 * The audit log that shows tampering (docs/decisions/0054-audit-chain.md):
 * every entry is chained to the one before it by the database's own trigger;
 * a check of the untouched chain finds it whole, and one entry changed,
 * deleted or added by hand is named as the first that does not match;
 * concurrent audited actions append to one chain; the watermark the audit
 * page reads moves with the checks. On PGlite, and on PostgreSQL with
 * DATABASE_URL (a scratch schema each).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeAudit } from '../../src/audit/write-audit';
import { verifyAuditChain, FULL_CHECK_EVERY_MS } from '../../src/audit/verification';
import { checkChain, describeCheck, type ChainCheck } from '../../src/audit/verify-chain';
import { openDatabase, type Database, type Sql } from '../../src/platform/db/database';
import { migrate } from '../../src/platform/db/migrate';
import { sql } from '../../src/platform/db/sql';
import { bearer, usePortal } from '../harness';

const { portal, admin } = usePortal();

const SYSTEM = { userId: null, ip: '203.0.113.7' };

/** Writes `count` audit entries, one transaction each, as an action writes its own. */
async function audited(db: Database, count: number, action = 'user.block'): Promise<void> {
  for (let i = 0; i < count; i++)
    await db.transaction((tx) =>
      writeAudit(tx, { actor: SYSTEM, action, targetType: 'user', targetId: i + 1, details: { i } }),
    );
}

class Undone extends Error {}

/** Runs `tamper` and the check in a transaction that is then rolled back: the log is whole again after. */
async function checkAfter(db: Database, tamper: (tx: Sql) => Promise<void>): Promise<ChainCheck> {
  let check: ChainCheck | undefined;
  await db
    .transaction(async (tx) => {
      await tamper(tx);
      check = await checkChain(tx);
      throw new Undone();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Undone)) throw error;
    });
  return check!;
}

async function entries(db: Sql): Promise<{ id: number; position: number }[]> {
  const { rows } = await db.query<{ id: string; position: string }>(
    sql`SELECT id::text, chain_position::text AS position FROM audit_log ORDER BY chain_position`,
  );
  return rows.map((row) => ({ id: Number(row.id), position: Number(row.position) }));
}

describe('the audit chain', () => {
  it('verifies an untouched chain, to its last entry', async () => {
    await audited(portal.db, 6);
    const all = await entries(portal.db);
    expect(all.map((e) => e.position)).toEqual(all.map((_, i) => i + 1));
    const check = await checkChain(portal.db);
    expect(check).toMatchObject({ whole: true, last: { id: all.at(-1)!.id, position: all.length } });
    expect(describeCheck(check)).toContain(`the last entry #${all.at(-1)!.id}`);
  });

  it('names the entry whose content was changed', async () => {
    const victim = (await entries(portal.db)).at(-3)!;
    const check = await checkAfter(portal.db, (tx) =>
      tx.query(sql`UPDATE audit_log SET details = '{"i": 99}' WHERE id = ${victim.id}`).then(() => undefined),
    );
    expect(check).toMatchObject({
      whole: false,
      broken: { entryId: victim.id, position: victim.position, reason: 'changed' },
    });
    expect(check.whole || check.verifiedThrough?.position).toBe(victim.position - 1);
    // Its time, its actor, its target: any field of the content.
    for (const change of [
      sql`created_at = created_at - interval '1 second'`,
      sql`actor_id = NULL, ip = '198.51.100.1'`,
      sql`target_id = '999'`,
    ]) {
      const changed = await checkAfter(portal.db, (tx) =>
        tx.query(sql`UPDATE audit_log SET ${change} WHERE id = ${victim.id}`).then(() => undefined),
      );
      expect(changed).toMatchObject({ whole: false, broken: { entryId: victim.id, reason: 'changed' } });
    }
    expect(await checkChain(portal.db)).toMatchObject({ whole: true });
  });

  it('names the entry after one deleted, and the position of one deleted at the end', async () => {
    const all = await entries(portal.db);
    const [victim, after] = [all[2]!, all[3]!];
    const check = await checkAfter(portal.db, (tx) =>
      tx.query(sql`DELETE FROM audit_log WHERE id = ${victim.id}`).then(() => undefined),
    );
    expect(check).toMatchObject({
      whole: false,
      broken: { entryId: after.id, position: after.position, reason: 'missing_before' },
      verifiedThrough: { id: all[1]!.id },
    });
    const last = all.at(-1)!;
    const atEnd = await checkAfter(portal.db, (tx) =>
      tx.query(sql`DELETE FROM audit_log WHERE id = ${last.id}`).then(() => undefined),
    );
    expect(atEnd).toMatchObject({
      whole: false,
      broken: { entryId: null, position: last.position, reason: 'missing_at_end' },
    });
    expect(describeCheck(atEnd)).toContain(`position ${last.position}`);
  });

  it('names an entry inserted by hand, even one hashed as the trigger would', async () => {
    const check = await checkAfter(portal.db, async (tx) => {
      // Past the trigger (as the table's owner can), with the next position and a hash computed like the trigger's.
      await tx.query(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_chained`);
      await tx.query(
        sql`INSERT INTO audit_log (actor_id, action, details, chain_position, hash)
            SELECT NULL, 'withdrawal.approve', '{}', position + 1, '\\x00' FROM audit_chain_head`,
      );
      await tx.query(
        sql`UPDATE audit_log l SET hash = audit_entry_hash(h.hash, l.chain_position, l.id, l.actor_id, l.action, l.target_type,
              l.target_id, l.details, l.ip, l.created_at)
              FROM audit_chain_head h WHERE l.chain_position = h.position + 1`,
      );
      await tx.query(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_chained`);
    });
    const forged = (await portal.db.query<{ id: string }>(sql`SELECT max(id)::text AS id FROM audit_log`)).rows[0]!;
    expect(check).toMatchObject({ whole: false, broken: { reason: 'outside_chain' } });
    // The forged row was rolled back; its id was the next one.
    expect(check.whole ? 0 : check.broken.entryId).toBeGreaterThan(Number(forged.id));

    // An INSERT that names a position and a hash gets the trigger's instead.
    await portal.db.query(sql`INSERT INTO audit_log (action, chain_position, hash) VALUES ('user.block', 1, '\\x00')`);
    expect(await checkChain(portal.db)).toMatchObject({ whole: true });
  });

  it('keeps one chain under concurrent audited actions', async () => {
    const before = (await entries(portal.db)).length;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        portal.db.transaction(async (tx) => {
          await writeAudit(tx, {
            actor: SYSTEM,
            action: 'user.block',
            targetType: 'user',
            targetId: [i, i + 100, i + 200],
          });
          // Holds the head while others queue behind it.
          await tx.query(sql`SELECT pg_sleep(0.01)`);
          await writeAudit(tx, { actor: SYSTEM, action: 'user.unblock', targetType: 'user', targetId: i });
        }),
      ),
    );
    const all = await entries(portal.db);
    expect(all.length).toBe(before + 12 * 4);
    expect(all.map((e) => e.position)).toEqual(all.map((_, i) => i + 1));
    expect(await checkChain(portal.db)).toMatchObject({ whole: true, last: { position: all.length } });
  });

  it('gives back the positions of a transaction that rolls back', async () => {
    const before = (await entries(portal.db)).length;
    await portal.db
      .transaction(async (tx) => {
        await writeAudit(tx, { actor: SYSTEM, action: 'user.block' });
        throw new Undone();
      })
      .catch(() => undefined);
    await audited(portal.db, 1);
    expect((await entries(portal.db)).at(-1)!.position).toBe(before + 1);
    expect(await checkChain(portal.db)).toMatchObject({ whole: true });
  });
});

describe('the verified watermark', () => {
  it('moves with each pass, and the audit page reads it', async () => {
    const now = portal.clock.now;
    const full = await verifyAuditChain(portal.db, now);
    expect(full).toMatchObject({ full: true, outcome: { whole: true } });
    await audited(portal.db, 2);
    const last = (await entries(portal.db)).at(-1)!;
    // The next pass checks only what was added since.
    expect(await verifyAuditChain(portal.db, new Date(now.getTime() + 60_000))).toMatchObject({
      full: false,
      outcome: { whole: true, last: { id: last.id, position: last.position } },
    });
    const res = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log/verification',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lastVerified: { id: last.id, position: last.position },
      entries: last.position,
      broken: null,
    });
  });

  it('reports the first entry that does not match until a full check finds the chain whole', async () => {
    const all = await entries(portal.db);
    const victim = all[1]!;
    const { rows } = await portal.db.query<{ details: string }>(
      sql`SELECT details::text AS details FROM audit_log WHERE id = ${victim.id}`,
    );
    await portal.db.query(sql`UPDATE audit_log SET details = '{"i": 42}' WHERE id = ${victim.id}`);
    const later = new Date(portal.clock.now.getTime() + FULL_CHECK_EVERY_MS + 120_000);
    expect(await verifyAuditChain(portal.db, later)).toMatchObject({
      full: true,
      outcome: { whole: false, broken: { entryId: victim.id } },
    });
    const res = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log/verification',
      headers: bearer(admin),
    });
    expect(res.json()).toMatchObject({
      lastVerified: { id: all[0]!.id, position: 1 },
      broken: { entryId: victim.id, position: victim.position },
    });
    // Until the next full check, passes keep the report.
    expect(await verifyAuditChain(portal.db, new Date(later.getTime() + 60_000))).toMatchObject({ outcome: 'waiting' });
    await portal.db.query(sql`UPDATE audit_log SET details = ${rows[0]!.details}::jsonb WHERE id = ${victim.id}`);
    expect(await verifyAuditChain(portal.db, later, { whole: true })).toMatchObject({ outcome: { whole: true } });
    expect(
      (
        await portal.app.inject({ method: 'GET', url: '/api/admin/audit-log/verification', headers: bearer(admin) })
      ).json(),
    ).toMatchObject({
      broken: null,
      lastVerified: { id: all.at(-1)!.id },
    });
  });

  it('sees the entry it ended on rewritten, in a pass that checks only what is new', async () => {
    await verifyAuditChain(portal.db, portal.clock.now, { whole: true });
    const last = (await entries(portal.db)).at(-1)!;
    const { rows } = await portal.db.query<{ hash: string }>(
      sql`SELECT encode(hash, 'hex') AS hash FROM audit_log WHERE id = ${last.id}`,
    );
    const rewrite = (hash: ReturnType<typeof sql>) =>
      portal.db.transaction(async (tx) => {
        await tx.query(sql`UPDATE audit_log SET hash = ${hash} WHERE id = ${last.id}`);
        await tx.query(sql`UPDATE audit_chain_head SET hash = ${hash}`);
      });
    await rewrite(sql`sha256(hash)`);
    // The pass starts at the entry it ended on, and finds it is not the one it verified.
    expect(await verifyAuditChain(portal.db, new Date(portal.clock.now.getTime() + 60_000))).toMatchObject({
      full: false,
      outcome: { whole: false, broken: { entryId: last.id, reason: 'changed_since_verified' } },
    });
    await rewrite(sql`decode(${rows[0]!.hash}, 'hex')`);
  });
});

describe('the check of the whole chain in parts', () => {
  it('goes through the chain a part a pass, from where the last part ended, and names what it finds', async () => {
    const all = await entries(portal.db);
    const victim = all[Math.floor(all.length / 2)]!;
    const { rows } = await portal.db.query<{ details: string }>(
      sql`SELECT details::text AS details FROM audit_log WHERE id = ${victim.id}`,
    );
    const before = (await verifyAuditChain(portal.db, portal.clock.now, { whole: true })).outcome;
    expect(before).toMatchObject({ whole: true });
    await portal.db.query(sql`UPDATE audit_log SET details = '{"i": 7}' WHERE id = ${victim.id}`);
    // A day later the sweep starts: 10 positions a pass; each part picks up where the last ended.
    const day = new Date(portal.clock.now.getTime() + FULL_CHECK_EVERY_MS);
    const parts: unknown[] = [];
    for (;;) {
      const pass = await verifyAuditChain(portal.db, day, { positions: 10 });
      parts.push(pass.outcome);
      expect(pass.full).toBe(true);
      if (pass.outcome === 'busy' || pass.outcome === 'waiting' || !pass.outcome.whole || !pass.outcome.more) break;
      expect(pass.outcome.last!.position).toBe(parts.length * 10);
    }
    expect(parts.length).toBe(Math.ceil(victim.position / 10));
    expect(parts.at(-1)).toMatchObject({ whole: false, broken: { entryId: victim.id, reason: 'changed' } });
    const res = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log/verification',
      headers: bearer(admin),
    });
    expect(res.json()).toMatchObject({
      lastVerified: { position: victim.position - 1 },
      broken: { entryId: victim.id },
    });

    // Whole again: the next day's sweep finds it so, in parts, and the watermark comes back to the last entry.
    await portal.db.query(sql`UPDATE audit_log SET details = ${rows[0]!.details}::jsonb WHERE id = ${victim.id}`);
    const next = new Date(day.getTime() + FULL_CHECK_EVERY_MS);
    let pass = await verifyAuditChain(portal.db, next, { positions: 10 });
    while (pass.outcome !== 'busy' && pass.outcome !== 'waiting' && pass.outcome.whole && pass.outcome.more)
      pass = await verifyAuditChain(portal.db, next, { positions: 10 });
    expect(pass.outcome).toMatchObject({ whole: true, last: { id: all.at(-1)!.id } });
    // The next pass checks only what is new.
    expect(await verifyAuditChain(portal.db, new Date(next.getTime() + 15_000), { positions: 10 })).toMatchObject({
      full: false,
      outcome: { whole: true, last: { id: all.at(-1)!.id } },
    });
  });
});

describe('the migration', () => {
  it('chains the entries written before it, in id order', async () => {
    const databaseUrl = process.env.DATABASE_URL || undefined;
    const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const db = await openDatabase({ databaseUrl, dataDir: 'memory://', schema });
    const here = fileURLToPath(new URL('.', import.meta.url));
    const before = mkdtempSync(path.join(tmpdir(), 'portal-audit-'));
    try {
      // The schema as it was before the chain: the migrations before it, the functions without the chain's.
      const migrations = path.join(before, 'migrations');
      const functions = path.join(before, 'functions');
      cpSync(path.join(here, '../../migrations'), migrations, {
        recursive: true,
        filter: (file) => !path.basename(file).startsWith('0045_audit_chain'),
      });
      cpSync(path.join(here, '../../sql/functions'), functions, {
        recursive: true,
        filter: (file) => !path.basename(file).startsWith('audit_'),
      });
      await migrate(db, { migrationsDir: migrations, functionsDir: functions });
      await db.query(
        sql`INSERT INTO audit_log (action, target_type, target_id, details, created_at)
            SELECT 'user.block', 'user', n::text, jsonb_build_object('n', n, 'note', 'élan ✓'), now() - n * interval '1 minute'
              FROM generate_series(1, 5) n`,
      );
      await migrate(db);
      const all = await entries(db);
      expect(all.map((e) => e.position)).toEqual([1, 2, 3, 4, 5]);
      expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => a - b));
      expect(await checkChain(db)).toMatchObject({ whole: true, last: { position: 5 } });
      await audited(db, 1);
      expect(await checkChain(db)).toMatchObject({ whole: true, last: { position: 6 } });
    } finally {
      if (schema) await db.query(sql`DROP SCHEMA ${sql.raw(schema)} CASCADE`); // a name made here, not input
      await db.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
