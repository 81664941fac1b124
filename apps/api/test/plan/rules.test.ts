import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromBaseUnits } from '@portal/contract';
import { percentToPpm } from '../../src/plan/rules';
import { openDatabase, type Database } from '../../src/platform/db/database';
import { migrate } from '../../src/platform/db/migrate';
import { sql } from '../../src/platform/db/sql';
import { bvToUnits } from '../../src/shared/bv';
import { migratedTemplate } from '../pglite-template';
import { matchDay, referralPayouts, shareOf } from './rules-oracle';

/**
 * The plan's rules: the rates as read from the settings, the TypeScript
 * oracles (rules-oracle.ts) on worked examples and properties, and the
 * rules in force, the SQL functions plan_match_day and plan_referral_share,
 * against the oracles on the same inputs (on PGlite, or a scratch schema of
 * DATABASE_URL).
 */

const usdt = (whole: number) => BigInt(whole) * 10n ** 18n;

describe('percentToPpm', () => {
  it('reads percentages exactly', () => {
    expect(percentToPpm('10')).toBe(100_000n);
    expect(percentToPpm('2.5')).toBe(25_000n);
    expect(percentToPpm('0.0001')).toBe(1n);
    expect(percentToPpm('100')).toBe(1_000_000n);
  });
  it.each(['', '-1', '1e2', '100.0001', '101', '1.23456', 'abc'])('refuses %s', (bad) => {
    expect(() => percentToPpm(bad)).toThrow();
  });
});

describe('referralPayouts', () => {
  const rates = ['10', '5', '2'].map(percentToPpm);

  it('pays 10/5/2 % of the price to active uplines by level', () => {
    const payouts = referralPayouts(
      usdt(1000),
      [
        { memberId: 1, active: true },
        { memberId: 2, active: true },
        { memberId: 3, active: true },
        { memberId: 4, active: true },
      ],
      rates,
    );
    expect(payouts).toEqual([
      { memberId: 1, level: 1, amount: usdt(100) },
      { memberId: 2, level: 2, amount: usdt(50) },
      { memberId: 3, level: 3, amount: usdt(20) },
    ]);
  });

  it('skips an inactive upline without passing its share on', () => {
    const payouts = referralPayouts(
      usdt(100),
      [
        { memberId: 1, active: false },
        { memberId: 2, active: true },
      ],
      rates,
    );
    expect(payouts).toEqual([{ memberId: 2, level: 2, amount: usdt(5) }]);
  });

  it('never pays more than the sum of the rates', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.array(fc.boolean(), { maxLength: 6 }),
        (price, actives) => {
          const payouts = referralPayouts(
            price,
            actives.map((active, i) => ({ memberId: i, active })),
            rates,
          );
          const total = payouts.reduce((sum, p) => sum + p.amount, 0n);
          expect(total <= shareOf(price, 170_000n)).toBe(true);
          expect(payouts.every((p) => p.amount > 0n && p.level <= 3)).toBe(true);
        },
      ),
    );
  });
});

describe('matchDay', () => {
  const tenPercent = percentToPpm('10');

  it('matches the weaker leg, carries the stronger remainder', () => {
    expect(matchDay(usdt(700), usdt(300), tenPercent, usdt(1000))).toEqual({
      left: usdt(700),
      right: usdt(300),
      matched: usdt(300),
      earned: usdt(30),
      paid: usdt(30),
      flushed: 0n,
      carryLeft: usdt(400),
      carryRight: 0n,
    });
  });

  it('caps the bonus and flushes the rest', () => {
    const day = matchDay(usdt(5000), usdt(2000), tenPercent, usdt(100));
    expect(day).toMatchObject({
      matched: usdt(2000),
      earned: usdt(200),
      paid: usdt(100),
      flushed: usdt(100),
      carryLeft: usdt(3000),
      carryRight: 0n,
    });
  });

  it('conserves volume and money for any legs', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 25n }),
        fc.bigInt({ min: 0n, max: 10n ** 25n }),
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        (left, right, cap) => {
          const d = matchDay(left, right, tenPercent, cap);
          expect(d.carryLeft + d.matched).toBe(left);
          expect(d.carryRight + d.matched).toBe(right);
          expect(d.carryLeft === 0n || d.carryRight === 0n).toBe(true);
          expect(d.paid + d.flushed).toBe(d.earned);
          expect(d.paid <= cap).toBe(true);
        },
      ),
    );
  });
});

describe('the rules in force (SQL) against the oracles', () => {
  const rules = useRulesInForce();
  sqlRuleTests(rules);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useRulesInForce() {
  let db: Database;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;

  beforeAll(async () => {
    db = await openDatabase({
      databaseUrl,
      dataDir: 'memory://',
      schema,
      ...(databaseUrl ? {} : { snapshot: await migratedTemplate() }),
    });
    await migrate(db);
  });
  afterAll(async () => {
    if (schema) await db.query(sql`DROP SCHEMA ${sql.raw(schema)} CASCADE`); // a name the test made, not input
    await db.close();
  });

  interface MatchRow {
    matched: string;
    earned: string;
    paid: string;
    flushed: string;
    carry_left: string;
    carry_right: string;
  }
  /** plan_match_day on legs in BV scaled to 18 decimals, as the oracle takes them. */
  const matchInSql = async (left: bigint, right: bigint, rate: bigint, cap: bigint) => {
    const { rows } = await db.query<MatchRow>(
      sql`SELECT matched::text, earned::text, paid::text, flushed::text, carry_left::text, carry_right::text
            FROM plan_match_day(${fromBaseUnits(left)}::numeric, ${fromBaseUnits(right)}::numeric, ${rate.toString()}::numeric,
                                ${cap.toString()}::numeric)`,
    );
    const row = rows[0]!;
    return {
      left,
      right,
      matched: bvToUnits(row.matched),
      earned: BigInt(row.earned),
      paid: BigInt(row.paid),
      flushed: BigInt(row.flushed),
      carryLeft: bvToUnits(row.carry_left),
      carryRight: bvToUnits(row.carry_right),
    };
  };
  return {
    matchInSql,
    get db() {
      return db;
    },
  };
}
type RulesInForce = ReturnType<typeof useRulesInForce>;

function sqlRuleTests(rules: RulesInForce) {
  const { matchInSql } = rules;
  it('plan_match_day matches a day as matchDay does, to the base unit', async () => {
    const tenPercent = percentToPpm('10');
    expect(await matchInSql(usdt(700), usdt(300), tenPercent, usdt(1000))).toEqual(
      matchDay(usdt(700), usdt(300), tenPercent, usdt(1000)),
    );
    expect(await matchInSql(usdt(5000), usdt(2000), tenPercent, usdt(100))).toEqual(
      matchDay(usdt(5000), usdt(2000), tenPercent, usdt(100)),
    );
    // BV with decimals, rates with 4 decimals, caps from 0 to above the bonus.
    const bv = fc.oneof(
      fc.bigInt({ min: 0n, max: 10n ** 25n }),
      fc.nat({ max: 20_000 }).map((whole) => usdt(whole)),
    );
    await fc.assert(
      fc.asyncProperty(
        bv,
        bv,
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        async (left, right, rate, cap) => {
          expect(await matchInSql(left, right, rate, cap)).toEqual(matchDay(left, right, rate, cap));
        },
      ),
    );
  });

  it('plan_referral_share pays each level as referralPayouts does, nothing beyond the rates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { maxLength: 10 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        async (price, rates, actives) => {
          const { rows } = await rules.db.query<{ level: number; share: string | null }>(
            sql`SELECT level, plan_referral_share(${price.toString()}::numeric, ${rates.map(String)}::numeric[], level)::text AS share
                  FROM generate_series(1, 12) AS level ORDER BY level`,
          );
          for (const { level, share } of rows)
            expect(share === null ? null : BigInt(share)).toBe(
              level <= rates.length ? shareOf(price, rates[level - 1]!) : null,
            );
          // An active upline is paid its level's share when above zero, as a purchase pays it.
          const paid = rows.flatMap(({ level, share }) =>
            actives[level - 1] && share !== null && BigInt(share) > 0n
              ? [{ memberId: level - 1, level, amount: BigInt(share) }]
              : [],
          );
          expect(paid).toEqual(
            referralPayouts(
              price,
              actives.map((active, i) => ({ memberId: i, active })),
              rates,
            ),
          );
        },
      ),
    );
  });

  it('are inlined into the statements that call them: the close stays one set-based statement', async () => {
    const plan = async (query: ReturnType<typeof sql>) =>
      (await rules.db.query<Record<string, string>>(sql`EXPLAIN (VERBOSE) ${query}`)).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    const matched = await plan(
      sql`SELECT g.i, d.paid FROM generate_series(1, 9) AS g (i) CROSS JOIN LATERAL plan_match_day(g.i, 10 - g.i, 100000, 5) d`,
    );
    expect(matched).not.toMatch(/plan_match_day/);
    expect(matched).toMatch(/div\(/);
    const shared = await plan(
      sql`SELECT plan_referral_share(g.i, ARRAY[100000]::numeric[], 1) FROM generate_series(1, 9) AS g (i)`,
    );
    expect(shared).not.toMatch(/plan_referral_share/);
    expect(shared).toMatch(/div\(/);
  });
}
