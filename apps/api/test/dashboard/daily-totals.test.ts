import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { rollUpDailyTotals, ROLLUP_MARGIN_MS } from '../../src/dashboard/rollup';
import { readAdminDashboard } from '../../src/dashboard/read-admin-dashboard';
import type { Database } from '../../src/platform/db/database';
import { creditAll } from '../../src/deposits/credit-final-range';
import { recordDeposits } from '../../src/deposits/record-deposits';
import { bearer, registerMember, usePortal } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { close, day, mustBuy, packageIds } from '../plan/plan-helpers';

const DAY_MS = 86_400_000;

/**
 * The admin dashboard answers from daily totals (migration 0035) plus the
 * rows since their watermark: before any roll-up, after it, and after two
 * runners raced for it, its figures are the sums of the rows behind its lists.
 */
describe('the admin dashboard from daily totals', () => {
  const totals = useDailyTotals();
  viewsAndRollUpTests(totals);
  rollUpBetweenStatementsTests(totals);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useDailyTotals() {
  const { portal, admin } = usePortal();

  /** Figures summed straight from the rows the lists show (purchases, bonuses, deposits, withdrawals, members). */
  async function fromRows() {
    const r = (
      await portal.db.query<Record<string, string | number>>(
        sql`SELECT (SELECT count(*)::int FROM members WHERE sponsor_id IS NOT NULL) AS members,
                (SELECT count(*)::int FROM members WHERE active) AS active,
                (SELECT COALESCE(sum(price), 0)::text FROM purchases) AS sales,
                (SELECT count(*)::int FROM purchases) AS purchases,
                (SELECT COALESCE(sum(amount), 0)::text FROM referral_bonuses) AS referral,
                (SELECT COALESCE(sum(paid), 0)::text FROM matching_bonuses) AS matching,
                (SELECT count(*)::int FROM deposits WHERE status = 'credited') AS deposits,
                (SELECT COALESCE(sum(amount), 0)::text FROM deposits WHERE status = 'credited') AS deposited,
                (SELECT count(*)::int FROM withdrawals WHERE status = 'paid') AS withdrawals,
                (SELECT COALESCE(sum(amount), 0)::text FROM withdrawals WHERE status = 'paid') AS withdrawn,
                (SELECT COALESCE(sum(fee), 0)::text FROM withdrawals WHERE status = 'paid') AS fees,
                (SELECT (-COALESCE(sum(p.amount), 0))::text FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
                  WHERE a.code = 'treasury') AS treasury`,
      )
    ).rows[0]!;
    return r;
  }

  /** Sales and deposits credited per UTC day (of the events before `before`), from the rows themselves; days with none left out. */
  async function byDay(
    before = new Date('9999-01-01'),
  ): Promise<{ sales: Record<string, string>; deposits: Record<string, string> }> {
    const rows = (
      await portal.db.query<{ day: string; sales: string; deposits: string }>(
        sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(sales)::text AS sales, sum(deposits)::text AS deposits FROM (
             SELECT (created_at AT TIME ZONE 'UTC')::date AS day, price AS sales, 0 AS deposits FROM purchases WHERE created_at < ${before}
             UNION ALL
             SELECT (credited_at AT TIME ZONE 'UTC')::date, 0, amount FROM deposits WHERE status = 'credited' AND credited_at < ${before}
           ) x GROUP BY day`,
      )
    ).rows;
    const some = (pick: (r: (typeof rows)[number]) => string) =>
      Object.fromEntries(rows.filter((r) => pick(r) !== '0').map((r) => [r.day, pick(r)]));
    return { sales: some((r) => r.sales), deposits: some((r) => r.deposits) };
  }

  async function dashboard(): Promise<AdminDashboard> {
    const res = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  function expectMatches(d: AdminDashboard, rows: Record<string, string | number>) {
    expect(d.members).toBe(rows.members);
    expect(d.activeMembers).toBe(rows.active);
    expect(d.purchases).toBe(rows.purchases);
    expect(toUnits(d.sales)).toBe(BigInt(rows.sales!));
    expect(toUnits(d.bonusesPaid.referral)).toBe(BigInt(rows.referral!));
    expect(toUnits(d.bonusesPaid.matching)).toBe(BigInt(rows.matching!));
    expect(d.deposits.count).toBe(rows.deposits);
    expect(toUnits(d.deposits.total)).toBe(BigInt(rows.deposited!));
    expect(d.withdrawalsPaid.count).toBe(rows.withdrawals);
    expect(toUnits(d.withdrawalsPaid.amount)).toBe(BigInt(rows.withdrawn!));
    expect(toUnits(d.withdrawalsPaid.fees)).toBe(BigInt(rows.fees!));
    expect(toUnits(d.treasury)).toBe(BigInt(rows.treasury!));
  }
  return { portal, admin, fromRows, byDay, dashboard, expectMatches };
}
type DailyTotals = ReturnType<typeof useDailyTotals>;

function viewsAndRollUpTests({ portal, admin, fromRows, dashboard, expectMatches, byDay }: DailyTotals) {
  // First: the tests below move the clock and the watermark days ahead of the rows a registration writes.
  it('answers views that arrive together alike, as JSON, and a view after them with what changed since', async () => {
    const view = () => portal.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
    const together = await Promise.all([view(), view(), view()]);
    for (const res of together) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(together[0].body);
    }
    const before = together[0].json<AdminDashboard>();
    await registerMember(portal.app, { sponsor: 'company', side: 'right' });
    const after = (await view()).json<AdminDashboard>();
    expect(after.members).toBe(before.members + 1);
    expect(after).toEqual(await readAdminDashboard(portal.ctx));
  });

  it('equals the rows before the roll-up, after it, and once after two runners raced', async () => {
    const { app, db, clock } = portal;
    // Three days ago: two members join and buy.
    clock.advance(-3 * DAY_MS);
    const a = await registerMember(app, { username: 'dt_alice', sponsor: 'company', side: 'left' });
    const b = await registerMember(app, { username: 'dt_bob', sponsor: 'dt_alice', side: 'left' });
    const c = await registerMember(app, { username: 'dt_carol', sponsor: 'dt_alice', side: 'right' });
    for (const m of [a, b, c]) await fund(app, admin, m.user.id, 'deposit', '10000');
    const ids = await packageIds(app, a);
    await mustBuy(app, a, ids.Starter!);
    await mustBuy(app, b, ids.Starter!);
    clock.advance(DAY_MS);
    await mustBuy(app, c, ids.Gold!);
    const closed = await close(app, admin, day(-1, clock.now));
    expect(closed.statusCode, closed.body).toBe(201);
    clock.advance(2 * DAY_MS);
    await mustBuy(app, a, ids.Starter!);

    // Deposits credited and withdrawals paid on two days (their journal entries borrowed: only the dashboard reads them here).
    const entry = (await db.query<{ id: string }>(sql`SELECT min(id)::text AS id FROM journal_entries`)).rows[0]!.id;
    const at = (days: number) => new Date(clock.now.getTime() - days * DAY_MS);
    for (const [i, days] of [
      [1, 2],
      [2, 0],
    ] as const) {
      await db.query(
        sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, status, entry_id, credited_at)
           VALUES (97, ${'0x' + String(i).repeat(64)}, 0, ${i}, '0x0', ${a.user.id}, '0x0', '0x0', ${String(i * 5) + '000000000000000000'}, 'credited', ${entry}, ${at(days)})`,
      );
      await db.query(
        sql`INSERT INTO withdrawals (user_id, amount, fee, address, status, entry_id, paid_at, created_at)
           VALUES (${b.user.id}, ${String(i * 20) + '000000000000000000'}, '1000000000000000000', ${'0x' + 'a'.repeat(40)}, 'paid', ${entry}, ${at(days)}, ${at(days)})`,
      );
    }

    // A deposit held by screening: waiting, not money in.
    await db.query(
      sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, status)
         VALUES (97, ${'0x' + '3'.repeat(64)}, 0, 3, '0x0', ${a.user.id}, '0x0', '0x0', '7000000000000000000', 'held')`,
    );

    const rows = await fromRows();
    const live = await dashboard();
    expectMatches(live, rows);
    expect(live.pending.heldDeposits).toEqual({ count: 1, amount: '7.00' });
    // 90 continuous days ending today, each day's sales the purchases of that day.
    expect(live.series).toHaveLength(90);
    expect(live.series.at(-1)!.day).toBe(day(0, clock.now));
    const days = await byDay();
    for (const s of live.series) {
      expect(toUnits(s.sales)).toBe(BigInt(days.sales[s.day] ?? '0'));
      expect(toUnits(s.deposits)).toBe(BigInt(days.deposits[s.day] ?? '0'));
    }

    // Two runners at once: the events are rolled once, whoever wins.
    const raced = await Promise.all([rollUpDailyTotals(db, clock.now), rollUpDailyTotals(db, clock.now)]);
    const rolledMs = raced.filter((r): r is number => r !== 'busy').reduce((x, y) => x + y, 0);
    expect(rolledMs).toBeGreaterThan(0);
    while ((await rollUpDailyTotals(db, clock.now, true)) !== 0);
    const until = (await db.query<{ until: Date }>(sql`SELECT rolled_until AS until FROM daily_totals_state`)).rows[0]!
      .until;
    expect(until.getTime()).toBe(clock.now.getTime() - ROLLUP_MARGIN_MS);
    // The deposit of two days ago is rolled; the purchases (stamped by the database's clock, minutes ago) are read live.
    const rolledRows = await byDay(until);
    expect(Object.keys(rolledRows.deposits)).toHaveLength(1);
    const totals = (
      await db.query<{ day: string; sales: string; deposits: string }>(
        sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sales::text, deposits_amount::text AS deposits FROM daily_totals`,
      )
    ).rows;
    const some = (pick: (r: (typeof totals)[number]) => string) =>
      Object.fromEntries(totals.filter((r) => pick(r) !== '0').map((r) => [r.day, pick(r)]));
    expect(some((t) => t.deposits)).toEqual(rolledRows.deposits);
    expect(some((t) => t.sales)).toEqual(rolledRows.sales);

    const rolled = await dashboard();
    expectMatches(rolled, rows);
    expect(rolled.series).toEqual(live.series);

    // A purchase today after the roll-up shows at once, from the live part.
    await mustBuy(app, b, ids.Starter!);
    const after = await dashboard();
    expectMatches(after, await fromRows());
    expect(toUnits(after.series.at(-1)!.sales)).toBe(toUnits(live.series.at(-1)!.sales) + toUnits('100'));
  });
}

function rollUpBetweenStatementsTests({ portal, fromRows, expectMatches }: DailyTotals) {
  it('counts every event once while roll-ups commit between the statements of its read', async () => {
    const { app, db, clock } = portal;
    const watermark = async () =>
      (await db.query<{ until: Date }>(sql`SELECT rolled_until AS until FROM daily_totals_state`)).rows[0]!.until;
    // Six days of deposits after the watermark, one a day.
    clock.advance(10 * DAY_MS);
    const from = (await watermark()).getTime();
    const m = await registerMember(app, { username: 'dt_dave', sponsor: 'company', side: 'left' });
    const entry = (await db.query<{ id: string }>(sql`SELECT min(id)::text AS id FROM journal_entries`)).rows[0]!.id;
    for (let d = 1; d <= 6; d++)
      await db.query(
        sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, status, entry_id, credited_at)
           VALUES (97, ${'0x' + 'd'.repeat(63) + d}, 0, ${100 + d}, '0x0', ${m.user.id}, '0x0', '0x0', ${d + '000000000000000000'}, 'credited', ${entry}, ${new Date(from + d * DAY_MS - 60_000)})`,
      );
    // And one recorded and credited by the watcher's own functions: a treasury posting now.
    await db.transaction(async (tx) => {
      const log = {
        blockNumber: 200n,
        blockHash: '0x0',
        txHash: `0x${'e'.repeat(64)}`,
        logIndex: 0,
        from: '0x0',
        to: '0x0',
      };
      const logs = [{ ...log, value: 9_000_000_000_000_000_000n, memberId: m.user.id }];
      await creditAll(tx, 97, 200n, 200n, await recordDeposits(tx, 97, logs, 18, []));
    });
    // Before each statement the dashboard sends, a roll-up pass moves the watermark one more day and commits.
    let step = 0;
    const racing: Database = Object.create(db, {
      query: {
        value: async (...args: Parameters<Database['query']>) => {
          step += 1;
          await rollUpDailyTotals(db, new Date(from + step * DAY_MS + ROLLUP_MARGIN_MS), true);
          return db.query(...args);
        },
      },
    });
    const read = await readAdminDashboard({ ...portal.ctx, db: racing });
    expect((await watermark()).getTime()).toBeGreaterThan(from + DAY_MS);
    const rows = await fromRows();
    expect(BigInt(rows.treasury!)).toBeGreaterThan(0n);
    expectMatches(read, rows);
  });
}

function toUnits(v: string): bigint {
  const [w = '0', f = ''] = v.split('.');
  const negative = w.startsWith('-');
  const units = BigInt(w.replace('-', '')) * 10n ** 18n + BigInt((f + '0'.repeat(18)).slice(0, 18));
  return negative ? -units : units;
}
