import { afterAll, beforeAll, expect, it } from 'vitest';
import { toBaseUnits } from '@portal/contract';
import { realClock, simulatedClock, type DemoClock } from '../../../../bench/demo/clock';
import { seedLivingNetwork } from '../../../../bench/demo/living-network';
import { hashPassword } from '../../src/auth/passwords';
import { readSimulation } from '../../src/simulator/read';
import { createSimulationRunner } from '../../src/simulator/replay';
import { settingsInForce } from '../../src/simulator/settings';
import { startSimulation } from '../../src/simulator/start';
import { sql } from '../../src/platform/db/sql';
import { startPortal, type TestPortal } from '../harness';

/**
 * The plan simulator against a whole history it did not see being made:
 * `npm run seed:demo`'s living network (members joining day by day, placed
 * or waiting, buying, repurchasing, every past day closed by the plan) on the
 * simulated clock. Replayed under the settings in force, every day of every
 * kind and every member's total equals what was paid, to the base unit.
 */
const DAYS = 9;
const DAY_MS = 86_400_000;

let portal: TestPortal;
let clock: DemoClock;

beforeAll(async () => {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  // On a PostgreSQL server the clock stands still for nobody: the history is all today (seed-demo.test.ts).
  clock = process.env.DATABASE_URL
    ? realClock()
    : simulatedClock(new Date(today - (DAYS - 1) * DAY_MS + 6 * 3_600_000));
  portal = await startPortal();
  const ctx = { ...portal.ctx, now: () => clock.now() };
  await seedLivingNetwork(ctx, clock, {
    members: 40,
    days: DAYS,
    passwordHash: await hashPassword('Demo-Network-Test-1'),
  });
}, 180_000);
afterAll(async () => {
  await portal?.close();
  clock?.release();
});

it('replays the living network under the settings in force exactly: each day, each kind, each member', async () => {
  const db = portal.db;
  const ctx = { ...portal.ctx, now: () => new Date() };
  const admin = (await db.query<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`)).rows[0]!.id;
  const from = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
  const run = await startSimulation(
    ctx,
    { userId: admin, ip: null },
    { from, days: 7, settings: await settingsInForce(db) },
  );
  const runner = createSimulationRunner(ctx);
  while ((await runner.pass()).more);
  const result = await readSimulation(db, run.id);

  // Not an empty period: the history paid both kinds in it.
  expect(result.status).toBe('done');
  expect(result.referral.actual).not.toBe('0.00');
  expect(result.matching.actual).not.toBe('0.00');
  for (const day of result.byDay) {
    expect(day.referral.simulated, day.day).toBe(day.referral.actual);
    expect(day.matching.simulated, day.day).toBe(day.matching.actual);
  }
  expect(result.flushed.simulated).toBe(result.flushed.actual);
  expect(result.membersPaid!.simulated).toBe(result.membersPaid!.actual);
  expect(result.largestChanges).toEqual([]);
  // And the actual side is the books' own: the period's bonus rows, summed independently.
  const paid = (
    await db.query<{ referral: string; matching: string }>(
      sql`SELECT (SELECT coalesce(sum(amount), 0)::text FROM referral_bonuses
                   WHERE created_at >= ${from}::date::timestamp AT TIME ZONE 'UTC') AS referral,
                 (SELECT coalesce(sum(paid), 0)::text FROM matching_bonuses WHERE close_date >= ${from}::date) AS matching`,
    )
  ).rows[0]!;
  expect(toBaseUnits(result.referral.actual)).toBe(BigInt(paid.referral));
  expect(toBaseUnits(result.matching.actual)).toBe(BigInt(paid.matching));
}, 120_000);
