import { describe, expect, it } from 'vitest';
import type { Settings } from '@portal/contract';
import { closeSchedulerJob } from '../../src/plan/close';
import { bearer, errorOf, loginAdmin, startPortal, usePortal, type Session } from '../harness';
import { assertBooksConsistent, balances } from '../ledger/ledger-helpers';
import { close, day, fundedMember, maintainedLegs, mustBuy, rebuildLegs, workedDayOne } from './plan-helpers';
import type { TestPortal } from '../harness';
import type { Sql } from '../../src/platform/db/database';
import { sql } from '../../src/platform/db/sql';

/**
 * A close to review (docs/plan.md, "A close to review"; ADR 0040): with the
 * `closeReview` setting on, the close computes and records what it always
 * did but moves nothing in the ledger; the pay credits exactly the records,
 * once; the next day waits; members see the day as being reviewed.
 */

/** Everything the ledger holds: entries, postings and every member balance. */
async function ledgerState(db: Sql): Promise<string> {
  const { rows } = await db.query<{ entries: number; postings: number; balances: string | null }>(
    sql`SELECT (SELECT count(*)::int FROM journal_entries) AS entries, (SELECT count(*)::int FROM postings) AS postings,
            (SELECT string_agg(id || ':' || balance, ',' ORDER BY id) FROM ledger_accounts) AS balances`,
  );
  return JSON.stringify(rows[0]);
}

async function setSettings(portal: TestPortal, admin: Session, patch: Partial<Settings>) {
  const res = await portal.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: bearer(admin),
    payload: patch,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const pay = (portal: TestPortal, admin: Session, date: string) =>
  portal.app.inject({ method: 'POST', url: `/api/admin/plan/closes/${date}/pay`, headers: bearer(admin) });

async function get(portal: TestPortal, session: Session, url: string) {
  const res = await portal.app.inject({ method: 'GET', url, headers: bearer(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a close to review, on the worked example', () => {
  const { portal, admin } = usePortal();

  it('computes without moving the ledger, shows the day as being reviewed, makes the next day wait, and pays exactly the hand-calculated figures once', async () => {
    const { app, db } = portal;
    await setSettings(portal, admin, { closeReview: true, closeReviewThreshold: '10' });
    const { A, B, C, D, ids } = await workedDayOne(portal, admin);
    expect((await balances(app, A)).income).toBe('115.00');

    const before = await ledgerState(db);
    const day1 = await close(app, admin, day(-1));
    expect(day1.statusCode, day1.body).toBe(201);
    expect(day1.json()).toMatchObject({
      members: 1,
      matched: '200',
      paid: '20.00',
      flushed: '0.00',
      state: 'in_review',
      paidAt: null,
      payAfter: null,
    });
    // Computed: records and legs as the close always writes them; not a posting or a balance moved.
    expect(await ledgerState(db)).toBe(before);
    expect(await maintainedLegs(db)).toEqual(await rebuildLegs(db));
    expect((await balances(app, A)).income).toBe('115.00');
    // Asking again answers the computed close, still in review.
    const again = await close(app, admin, day(-1));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, state: 'in_review' });

    await showsTheDayAsBeingReviewed(portal, admin, A);

    // The review: totals, the largest payouts, those over the threshold (10 USDT, set before the close).
    // The test's "day 1" purchases are made today (UTC), so yesterday's sales are none.
    const review = await get(portal, admin, `/api/admin/plan/closes/${day(-1)}/review`);
    expect(review).toMatchObject({
      close: { date: day(-1), state: 'in_review', paid: '20.00' },
      membersPaid: 1,
      sales: '0.00',
      payoutRatio: null,
      largest: [{ member: 'alice', matched: '200', earned: '20.00', paid: '20.00', flushed: '0.00' }],
      overThreshold: { threshold: '10.00', count: 1, total: '20.00', items: [{ member: 'alice', paid: '20.00' }] },
    });

    // The threshold is the one in force when the close ran: a change applies to later closes.
    await setSettings(portal, admin, { closeReviewThreshold: '50' });
    const reread = await get(portal, admin, `/api/admin/plan/closes/${day(-1)}/review`);
    expect(reread.overThreshold).toMatchObject({ threshold: '10.00', count: 1 });

    // Day 2's purchases belong to day 2: the legs were cut at the compute.
    const E = await fundedMember(portal, admin, 'erin', 'bob', 'right');
    await mustBuy(app, E, ids.Platinum!);
    await mustBuy(app, D, ids.Gold!);
    const waits = await close(app, admin, day(0));
    expect(waits.statusCode, waits.body).toBe(409);
    expect(errorOf(waits).code).toBe('CLOSE_AWAITING_REVIEW');

    await paysTheRecordsOnce(portal, admin, A);

    // Day 2, reviewed and paid: the totals of the hand calculation, to the cent.
    const day2 = await close(app, admin, day(0));
    expect(day2.statusCode, day2.body).toBe(201);
    expect(day2.json()).toMatchObject({
      members: 2,
      matched: '1900',
      paid: '180.00',
      flushed: '10.00',
      state: 'in_review',
    });
    expect((await balances(app, B)).income).toBe('610.00');
    // Today's sales are all 7,300 of the example; largest first; both over the 10 USDT threshold.
    expect(await get(portal, admin, `/api/admin/plan/closes/${day(0)}/review`)).toMatchObject({
      membersPaid: 2,
      sales: '7300.00',
      payoutRatio: '2.46',
      largest: [
        { member: 'bob', paid: '100.00', flushed: '10.00' },
        { member: 'alice', paid: '80.00' },
      ],
      overThreshold: { threshold: '50.00', count: 2, total: '180.00' },
    });
    expect((await pay(portal, admin, day(0))).statusCode).toBe(201);
    expect((await balances(app, A)).income).toBe('515.00');
    expect((await balances(app, B)).income).toBe('710.00');
    expect((await balances(app, C)).income).toBe('0.00');
    expect(await get(portal, admin, '/api/admin/dashboard')).toMatchObject({
      bonusesPaid: { referral: '1025.00', matching: '200.00', total: '1225.00' },
      payoutRatio: '16.78',
    });
    expect((await get(portal, B, '/api/income/summary')).totals).toEqual({
      referral: '610.00',
      matching: '100.00',
      rank: '0.00',
      total: '710.00',
    });
    await assertBooksConsistent(db);
    expect(await maintainedLegs(db)).toEqual(await rebuildLegs(db));
  });
});

/** Day 1 computed, not paid: what alice, the admin's lists and the CSV say of it. */
async function showsTheDayAsBeingReviewed(portal: TestPortal, admin: Session, A: Session) {
  // Members see the day as being reviewed; nothing counts as paid yet.
  expect(await get(portal, A, '/api/plan/status')).toMatchObject({
    closeInReview: { date: day(-1), payAfter: null },
  });
  // The dashboard's plan part (read in its own statement) says the same.
  expect((await get(portal, A, '/api/dashboard')).plan).toEqual(await get(portal, A, '/api/plan/status'));
  const aList = await get(portal, A, '/api/bonuses?type=matching');
  expect(aList.items).toEqual([
    expect.objectContaining({ closeDate: day(-1), paid: '20.00', carryRight: '800', state: 'in_review' }),
  ]);
  expect(aList.totalPaid).toBe('0.00');
  expect((await get(portal, A, '/api/income/summary')).totals.matching).toBe('0.00');
  expect((await get(portal, admin, '/api/admin/dashboard')).bonusesPaid.matching).toBe('0.00');
  expect((await get(portal, admin, '/api/admin/bonuses?type=matching')).totalPaid).toBe('0.00');
  const csv = await portal.app.inject({
    method: 'GET',
    url: '/api/admin/bonuses?type=matching&format=csv',
    headers: bearer(admin),
  });
  const [header, line] = csv.body.trim().split('\r\n');
  expect(header).toMatch(/,State$/);
  expect(line).toMatch(/^.*,alice,.*,in_review$/);
}

/** Day 1's pay credits exactly its records, once, in the admin's name, and alice sees it paid. */
async function paysTheRecordsOnce(portal: TestPortal, admin: Session, A: Session) {
  const { app, db } = portal;
  // The pay: exactly the records, once.
  const paid = await pay(portal, admin, day(-1));
  expect(paid.statusCode, paid.body).toBe(201);
  expect(paid.json()).toMatchObject({ created: true, state: 'paid', paid: '20.00', payAfter: null });
  expect(paid.json().paidAt).not.toBeNull();
  // 115 + day 2's referrals (250 + 50) + the 20 paid now.
  expect((await balances(app, A)).income).toBe('435.00');
  const afterPay = await ledgerState(db);
  const twice = await pay(portal, admin, day(-1));
  expect(twice.statusCode).toBe(200);
  expect(twice.json()).toMatchObject({ created: false, state: 'paid', paidAt: paid.json().paidAt });
  expect(await ledgerState(db)).toBe(afterPay);
  const entries = await db.query<{ type: string; memo: string; refs: unknown; actor_id: number | null }>(
    sql`SELECT type, memo, refs, actor_id FROM journal_entries WHERE type = 'matching_bonus'`,
  );
  expect(entries.rows).toEqual([
    {
      type: 'matching_bonus',
      memo: `Matching bonus for ${day(-1)}`,
      refs: { closeDate: day(-1), part: 1 },
      actor_id: admin.user.id,
    },
  ]);
  const audit = await db.query<{ action: string; target_id: string; actor_id: number | null }>(
    sql`SELECT action, target_id, actor_id FROM audit_log WHERE action = 'plan.close.pay'`,
  );
  expect(audit.rows).toEqual([{ action: 'plan.close.pay', target_id: day(-1), actor_id: admin.user.id }]);
  expect((await get(portal, A, '/api/plan/status')).closeInReview).toBeNull();
  expect((await get(portal, A, '/api/bonuses?type=matching')).items[0].state).toBe('paid');
  // The member's wallet history names the close's figures, as for a close paid at once.
  const history = await get(portal, A, '/api/wallets/income/entries');
  expect(history.items[0]).toMatchObject({
    type: 'matching_bonus',
    amount: '20.00',
    description: `Matching bonus for ${day(-1)}: 200 BV matched at 10%`,
  });
}

describe('paying a close needs an admin with two-factor', () => {
  it('refuses an admin without it while adminsRequireTwoFactor is on', async () => {
    const portal = await startPortal();
    try {
      const admin = await loginAdmin(portal.app);
      const res = await pay(portal, admin, day(-1));
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('TWO_FACTOR_REQUIRED');
    } finally {
      await portal.close();
    }
  });
});

describe('the scheduler and the automatic pay', () => {
  const { portal, admin } = usePortal();

  it('waits while a close is in review, pays it once its delay has passed, then closes the next day under the settings then in force', async () => {
    const { app, db, ctx, clock } = portal;
    await setSettings(portal, admin, { closeReview: true, closeReviewAutoPayHours: '30' });
    const { A } = await workedDayOne(portal, admin);
    const job = closeSchedulerJob(ctx);
    const computedAt = clock.now.getTime();
    await job.pass();
    const first = day(-1, clock.now);
    const closes = async () => (await get(portal, admin, '/api/admin/plan/closes')).items;
    expect(await closes()).toEqual([
      expect.objectContaining({
        date: first,
        state: 'in_review',
        paid: '20.00',
        payAfter: new Date(computedAt + 30 * 3_600_000).toISOString(),
      }),
    ]);
    expect((await get(portal, A, '/api/plan/status')).closeInReview).toEqual({
      date: first,
      payAfter: new Date(computedAt + 30 * 3_600_000).toISOString(),
    });
    expect((await get(portal, A, '/api/dashboard')).plan).toEqual(await get(portal, A, '/api/plan/status'));
    // Settings apply to later closes: turning review off does not pay the one waiting.
    await setSettings(portal, admin, { closeReview: false });

    // A day later the next day is due, but waits: nothing closed, nothing paid, no failure.
    clock.advance(24 * 3_600_000);
    await expect(job.pass()).resolves.toBe(false);
    expect(await closes()).toHaveLength(1);
    expect((await balances(app, A)).income).toBe('115.00');

    // Past the delay: paid by the scheduler (audited with no admin), then the waiting day closes, paid at once.
    clock.advance(6 * 3_600_000 + 60_000);
    await job.pass();
    await job.pass(); // another pass (or process) finds nothing left to do
    const [second, firstAgain] = (await closes()) as [{ date: string; closedAt: string }, unknown];
    expect(firstAgain).toMatchObject({ date: first, state: 'paid', payAfter: null });
    expect(second).toMatchObject({ date: day(-1, clock.now), state: 'paid', members: 0 });
    expect((await balances(app, A)).income).toBe('135.00');
    const audit = await db.query<{ actor_id: number | null; automatic: boolean }>(
      sql`SELECT actor_id, (details->>'automatic')::boolean AS automatic FROM audit_log WHERE action = 'plan.close.pay'`,
    );
    expect(audit.rows).toEqual([{ actor_id: null, automatic: true }]);

    // A close paid at once answers its result to a pay, moving nothing; a day never closed has nothing to pay.
    const before = await ledgerState(db);
    const again = await pay(portal, admin, second.date);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, state: 'paid', paidAt: second.closedAt });
    expect(await ledgerState(db)).toBe(before);
    const missing = await pay(portal, admin, '2001-01-01');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('CLOSE_NOT_FOUND');
    await assertBooksConsistent(db);
  });
});

/** Real concurrency exists only on a PostgreSQL server (PGlite runs one transaction at a time). */
describe.skipIf(!process.env.DATABASE_URL)('concurrent pays on PostgreSQL', () => {
  const { portal, admin } = usePortal();

  it('eight pays of one close at once credit it once', async () => {
    await setSettings(portal, admin, { closeReview: true });
    const { A } = await workedDayOne(portal, admin);
    expect((await close(portal.app, admin, day(-1))).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(portal, admin, day(-1))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect((await balances(portal.app, A)).income).toBe('135.00');
    const entries = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE type = 'matching_bonus'`,
    );
    expect(entries.rows[0]!.n).toBe(1);
    await assertBooksConsistent(portal.db);
  });
});
