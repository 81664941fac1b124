import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoClock } from '../../../bench/demo/clock';
import { seedLivingNetwork, type LivingDemoOutcome } from '../../../bench/demo/living-network';
import { hashPassword } from '../src/auth/passwords';
import type { AppContext } from '../src/context';
import { bearer, login, loginAdmin, type TestPortal } from './harness';
import { startDemoPortal } from './demo-portal';
import { assertBooksConsistent, booksFingerprint } from './ledger/ledger-helpers';
import { sql, type SqlQuery } from '../src/platform/db/sql';
import { fromBaseUnits, type IncomeDisclosure } from '@portal/contract';

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

let demo: Awaited<ReturnType<typeof startDemoPortal>> | undefined;

beforeAll(async () => {
  demo = await startDemoPortal(DAYS);
  ({ portal, clock, ctx } = demo);
  const options = { members: MEMBERS, days: DAYS, passwordHash: await hashPassword(PASSWORD) };
  first = await seedLivingNetwork(ctx, clock, options);
  afterFirst = await counts();
  second = await seedLivingNetwork(ctx, clock, options);
  // Two runs and a portal: room for a machine busy with other work.
}, 120_000);
afterAll(async () => {
  await demo?.close();
});

async function counts(): Promise<string> {
  const { rows } = await portal.db.query(
    sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM purchases) AS purchases,
            (SELECT count(*)::int FROM referral_bonuses) AS referral, (SELECT count(*)::int FROM matching_closes) AS closes,
            (SELECT count(*)::int FROM matching_bonuses) AS matching,
            (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM redemptions) AS redemptions,
            (SELECT count(*)::int FROM withdrawals) AS withdrawals, (SELECT count(*)::int FROM members WHERE NOT placed) AS waiting`,
  );
  return JSON.stringify(rows[0]) + (await booksFingerprint(portal.db));
}

async function one<T>(query: SqlQuery): Promise<T> {
  return (await portal.db.query<T>(query)).rows[0]!;
}

describe('seed:demo, the living network', () => {
  membersCatalogueAndWithdrawalTests();
  moneyClosesAndRanksTests();
  runAgainTests();
});

function membersCatalogueAndWithdrawalTests() {
  it('adds the members, placed in the tree but the last few, who wait for their sponsor; all sign in with the demo password', async () => {
    expect(first.created).toBe(true);
    const members = await one<{ members: number; unplaced: number; bought: number; pending: number }>(
      sql`SELECT count(*)::int AS members, count(*) FILTER (WHERE NOT placed)::int AS unplaced,
                 count(*) FILTER (WHERE NOT placed AND EXISTS (SELECT 1 FROM purchases p WHERE p.member_id = m.user_id))::int AS bought,
                 count(*) FILTER (WHERE NOT placed AND pending_volume > 0)::int AS pending FROM members m WHERE sponsor_id IS NOT NULL`,
    );
    expect(members).toMatchObject({ members: MEMBERS, unplaced: 2 });
    // What they bought waits in their pending volume until they are placed.
    expect(members.pending).toBe(members.bought);
    expect(first.summary.waiting).toBe(2);
    // Their sponsor sees them on the waiting list.
    const waiting = await one<{ sponsor: string; username: string }>(
      sql`SELECT s.username AS sponsor, u.username FROM members m JOIN users u ON u.id = m.user_id JOIN users s ON s.id = m.sponsor_id
           WHERE m.sponsor_id IS NOT NULL AND NOT m.placed ORDER BY m.user_id LIMIT 1`,
    );
    const sponsor = await login(portal.app, waiting.sponsor, PASSWORD);
    const list = await portal.app.inject({ method: 'GET', url: '/api/network/placements', headers: bearer(sponsor) });
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json())).toContain(waiting.username);
    await login(portal.app, 'demo1', PASSWORD);
  });

  it('adds a catalogue whose pictures are served, and redemptions pending and decided', async () => {
    const products = await portal.db.query<{ id: number; image_hash: string | null }>(
      sql`SELECT id, image_hash FROM products ORDER BY id`,
    );
    expect(products.rows.length).toBe(first.summary.products);
    expect(products.rows.length).toBeGreaterThanOrEqual(6);
    for (const row of products.rows) expect(row.image_hash).toMatch(/^[0-9a-f]{64}$/);
    const member = await login(portal.app, 'demo1', PASSWORD);
    const catalogue = await portal.app.inject({ method: 'GET', url: '/api/products', headers: bearer(member) });
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    const item = catalogue.json().items[0];
    for (const url of [item.imageUrl, item.thumbnailUrl]) {
      const picture = await portal.app.inject({ method: 'GET', url });
      expect(picture.statusCode, url).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
    }
    const redemptions = await one<{ pending: number; approved: number; rejected: number }>(
      sql`SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'approved')::int AS approved,
                 count(*) FILTER (WHERE status = 'rejected')::int AS rejected FROM redemptions`,
    );
    expect(redemptions).toEqual({
      pending: first.summary.redemptionsPending,
      approved: first.summary.redemptionsApproved,
      rejected: first.summary.redemptionsRejected,
    });
    for (const [status, count] of Object.entries(redemptions)) expect(count, status).toBeGreaterThan(0);
  });

  it('adds withdrawals pending and rejected, asked through the portal rules with the settings put back', async () => {
    const withdrawals = await one<{ pending: number; rejected: number; other: number }>(
      sql`SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
                 count(*) FILTER (WHERE status NOT IN ('pending', 'rejected'))::int AS other FROM withdrawals`,
    );
    // No chain in this test: none approved or paid.
    expect(withdrawals).toEqual({
      pending: first.summary.withdrawalsPending,
      rejected: first.summary.withdrawalsRejected,
      other: 0,
    });
    expect(withdrawals.pending).toBeGreaterThan(0);
    expect(withdrawals.rejected).toBeGreaterThan(0);
    expect(first.summary.withdrawalSettings).toMatch(/two-factor/);
    const settings = await portal.db.query<{ key: string; value: unknown }>(
      sql`SELECT key, value FROM settings WHERE key IN ('withdrawalRequiresTwoFactor', 'withdrawalAddressHoldHours') ORDER BY key`,
    );
    for (const row of settings.rows)
      expect(row.value, row.key).toEqual(row.key === 'withdrawalRequiresTwoFactor' ? true : '24');
    const admin = await loginAdmin(portal.app);
    const queue = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals?status=pending',
      headers: bearer(admin),
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items.length).toBe(withdrawals.pending);
  });
}

function moneyClosesAndRanksTests() {
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
    expect(kinds.rows.map((row) => row.type)).toEqual(expect.arrayContaining(['redemption', 'withdrawal']));
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

  it("its income disclosure counts every member, and its median is that of the members' bonus income in the ledger", async () => {
    const admin = await loginAdmin(portal.app);
    const res = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/income-disclosure?from=2000-01-01&to=2100-12-31',
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const disclosure = res.json<IncomeDisclosure>();
    // Each member's bonus income from the ledger (credits to the income wallet by a bonus's entry), not the bonus tables.
    const { rows } = await portal.db.query<{ income: string }>(
      sql`SELECT COALESCE(sum(p.amount) FILTER (WHERE e.type IN ('purchase', 'repurchase', 'matching_bonus', 'rank_bonus')
                                                 AND p.amount > 0), 0)::text AS income
            FROM members m
            LEFT JOIN ledger_accounts a ON a.owner_id = m.user_id AND a.wallet = 'income'
            LEFT JOIN postings p ON p.account_id = a.id
            LEFT JOIN journal_entries e ON e.id = p.entry_id
           WHERE m.sponsor_id IS NOT NULL
           GROUP BY m.user_id`,
    );
    const incomes = rows.map((row) => BigInt(row.income)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const middle = (incomes[Math.floor((incomes.length - 1) / 2)]! + incomes[Math.floor(incomes.length / 2)]!) * 10n;
    const median = middle / 20n + (middle % 20n >= 10n ? 1n : 0n); // the mean of the two middle ones, half up
    expect(disclosure.members).toBe(incomes.length);
    expect(disclosure.members).toBeGreaterThanOrEqual(MEMBERS);
    expect(disclosure.income.median).toBe(fromBaseUnits(median));
    expect(disclosure.income.total).toBe(fromBaseUnits(incomes.reduce((sum, income) => sum + income, 0n)));
    expect(disclosure.earners).toBe(incomes.filter((income) => income > 0n).length);
  });

  it('defines three ranks whose closes found who reached them, each bonus credited once', async () => {
    const ranks = await one<{ ranks: number; reached: number; unpaid: number; bonuses: string; credited: string }>(
      sql`SELECT (SELECT count(*)::int FROM ranks) AS ranks, (SELECT count(*)::int FROM rank_achievements) AS reached,
                 (SELECT count(*)::int FROM rank_achievements WHERE bonus > 0 AND entry_id IS NULL) AS unpaid,
                 (SELECT COALESCE(sum(bonus), 0)::text FROM rank_achievements) AS bonuses,
                 (SELECT COALESCE(sum(p.amount), 0)::text FROM postings p JOIN journal_entries e ON e.id = p.entry_id
                   WHERE e.type = 'rank_bonus' AND p.amount > 0) AS credited`,
    );
    expect(ranks.ranks).toBe(3);
    expect(ranks.reached).toBeGreaterThan(0);
    expect(ranks.unpaid).toBe(0);
    expect(ranks.credited).toBe(ranks.bonuses);
    // What the command's summary says of them.
    expect([first.summary.ranks, first.summary.rankAchievements]).toEqual([ranks.ranks, ranks.reached]);
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
}

function runAgainTests() {
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
}
