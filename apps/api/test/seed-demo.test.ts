import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realClock, simulatedClock, type DemoClock } from '../../../bench/demo/clock';
import { seedLivingNetwork, type LivingDemoOutcome } from '../../../bench/demo/living-network';
import { hashPassword } from '../src/auth/passwords';
import type { AppContext } from '../src/context';
import { bearer, login, loginAdmin, startPortal, type TestPortal } from './harness';
import { assertBooksConsistent, booksFingerprint } from './ledger/ledger-helpers';
import { sql, type SqlQuery } from '../src/db/sql';

/**
 * `npm run seed:demo`'s living network, small: run twice on a scratch
 * database. On PGlite the history spans the days on the simulated clock and
 * every past day is closed; on a PostgreSQL server (DATABASE_URL) the
 * server's clock stands still for nobody, so it all happens today and is
 * closed once.
 */
const MEMBERS = 24;
const DAYS = 6;
const PASSWORD = 'Demo-Network-Test-1';
const DAY_MS = 86_400_000;

let portal: TestPortal;
let clock: DemoClock;
let ctx: AppContext;
let first: LivingDemoOutcome;
let afterFirst: string;
let second: LivingDemoOutcome;

beforeAll(async () => {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  // The clock PGlite reads is installed before the database opens (bench/demo/clock.ts).
  clock = process.env.DATABASE_URL
    ? realClock()
    : simulatedClock(new Date(today - (DAYS - 1) * DAY_MS + 6 * 3_600_000));
  portal = await startPortal();
  ctx = { ...portal.ctx, now: () => clock.now() };
  const options = { members: MEMBERS, days: DAYS, passwordHash: await hashPassword(PASSWORD) };
  first = await seedLivingNetwork(ctx, clock, options);
  afterFirst = await counts();
  second = await seedLivingNetwork(ctx, clock, options);
  // Two runs and a portal: room for a machine busy with other work.
}, 120_000);
afterAll(async () => {
  await portal?.close();
  clock?.release();
});

async function counts(): Promise<string> {
  const { rows } = await portal.db.query(
    sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM purchases) AS purchases,
            (SELECT count(*)::int FROM referral_bonuses) AS referral, (SELECT count(*)::int FROM matching_closes) AS closes,
            (SELECT count(*)::int FROM matching_bonuses) AS matching`,
  );
  return JSON.stringify(rows[0]) + (await booksFingerprint(portal.db));
}

async function one<T>(query: SqlQuery): Promise<T> {
  return (await portal.db.query<T>(query)).rows[0]!;
}

describe('seed:demo, the living network', () => {
  it('adds the members, each placed in the tree, who sign in with the demo password', async () => {
    expect(first.created).toBe(true);
    const members = await one<{ members: number; unplaced: number }>(
      sql`SELECT count(*)::int AS members, count(*) FILTER (WHERE NOT placed)::int AS unplaced FROM members WHERE sponsor_id IS NOT NULL`,
    );
    expect(members).toEqual({ members: MEMBERS, unplaced: 0 });
    await login(portal.app, 'demo1', PASSWORD);
  });

  it('moves money of every kind, through the services that post it', async () => {
    const kinds = await portal.db.query<{ type: string }>(sql`SELECT DISTINCT type FROM journal_entries ORDER BY type`);
    expect(kinds.rows.map((row) => row.type)).toEqual(
      expect.arrayContaining(['adjustment', 'purchase', 'transfer', 'conversion', 'matching_bonus']),
    );
    const records = await one<{
      purchases: number;
      referral: number;
      transfers: number;
      conversions: number;
      matching: number;
    }>(
      sql`SELECT (SELECT count(*)::int FROM purchases) AS purchases, (SELECT count(*)::int FROM referral_bonuses) AS referral,
              (SELECT count(*)::int FROM transfers) AS transfers, (SELECT count(*)::int FROM conversions) AS conversions,
              (SELECT count(*)::int FROM matching_bonuses WHERE paid > 0) AS matching`,
    );
    for (const [kind, count] of Object.entries(records)) expect(count, kind).toBeGreaterThan(0);
    // Demo funding says what it is.
    const memos = await portal.db.query<{ memo: string }>(
      sql`SELECT DISTINCT memo FROM journal_entries WHERE type = 'adjustment'`,
    );
    for (const { memo } of memos.rows) expect(memo).toMatch(/^Demo funding \(seed:demo\).*No USDT was received/);
    await assertBooksConsistent(portal.db);
  });

  it('closes the days by the plan: every past day on the simulated clock, today once on a server', async () => {
    const closes = await one<{ closes: number; first: string; last: string }>(
      sql`SELECT count(*)::int AS closes, to_char(min(close_date), 'YYYY-MM-DD') AS first, to_char(max(close_date), 'YYYY-MM-DD') AS last FROM matching_closes`,
    );
    const today = new Date().toISOString().slice(0, 10);
    if (clock.simulated) {
      expect(closes.closes).toBe(DAYS - 1);
      expect(closes.first).toBe(new Date(Date.parse(today) - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10));
      expect(closes.last).toBe(new Date(Date.parse(today) - DAY_MS).toISOString().slice(0, 10));
    } else {
      expect(closes).toEqual({ closes: 1, first: today, last: today });
    }
  });

  it('spreads the history over the days, so the charts have more than one bar', async () => {
    const spread = await one<{ days: number; oldest: Date }>(
      sql`SELECT count(DISTINCT date_trunc('day', created_at AT TIME ZONE 'UTC'))::int AS days, min(created_at) AS oldest FROM purchases`,
    );
    if (!clock.simulated) return expect(spread.days).toBe(1);
    expect(spread.days).toBeGreaterThan(DAYS / 2);
    expect(Date.now() - new Date(spread.oldest).getTime()).toBeGreaterThan((DAYS - 2) * DAY_MS);
    const admin = await loginAdmin(portal.app);
    const dashboard = await portal.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().series.length).toBeGreaterThan(DAYS / 2);
  });

  it('adds nothing when run again', async () => {
    expect(second.created).toBe(false);
    expect(second.summary).toEqual(first.summary);
    expect(await counts()).toBe(afterFirst);
    // The run is on the record once, in words the audit page shows.
    const audit = await portal.db.query<{ summary: string }>(
      sql`SELECT details->>'summary' AS summary FROM audit_log WHERE action = 'demo.seed'`,
    );
    expect(audit.rows).toEqual([
      { summary: expect.stringMatching(new RegExp(`^Demo data \\(seed:demo\\) from .*: ${MEMBERS} members`)) },
    ]);
  });
});
