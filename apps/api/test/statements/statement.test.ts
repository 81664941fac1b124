import { beforeAll, describe, expect, it } from 'vitest';
import { fromBaseUnits, toBaseUnits } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { monthOf } from '../../src/statements/month';
import { pdfText } from '../../../../e2e/support/pdf';
import { renderStatement } from '../../src/statements/render';
import { statementFor, statementMember, statementOf, type Statement } from '../../src/statements/statement-of';
import { bearer, errorOf, registerMember, usePortal, type Session } from '../harness';
import { balances, convert, fund, transfer } from '../ledger/ledger-helpers';
import { close, day, mustBuy, packageIds } from '../plan/plan-helpers';

const { portal, admin } = usePortal();

/** Alice with a downline that bought on both legs, a closed day, a transfer and a conversion: every wallet moved. */
let alice: Session;
let bob: Session;
let month: string;
beforeAll(async () => {
  const { app } = portal;
  alice = await registerMember(app, {
    username: 'stmt_alice',
    sponsor: 'company',
    side: 'left',
    fullName: 'Alice Ledger',
  });
  bob = await registerMember(app, { username: 'stmt_bob', sponsor: 'stmt_alice', side: 'left' });
  const carol = await registerMember(app, { username: 'stmt_carol', sponsor: 'stmt_alice', side: 'right' });
  for (const member of [alice, bob, carol]) await fund(app, admin, member.user.id, 'deposit', '10000');
  const ids = await packageIds(app, alice);
  await mustBuy(app, alice, ids.Starter!);
  await mustBuy(app, bob, ids.Starter!);
  await mustBuy(app, carol, ids.Gold!);
  const closed = await close(app, admin, day(0, portal.clock.now));
  expect(closed.statusCode, closed.body).toBe(201);
  const sent = await transfer(app, alice, { toUsername: 'stmt_bob', amount: '25.5' });
  expect(sent.statusCode, sent.body).toBe(201);
  const converted = await convert(app, alice, { amount: '10.5' });
  expect(converted.statusCode, converted.body).toBe(201);
  month = monthOf(portal.clock.now);
});

async function list(session: Session, type: 'referral' | 'matching') {
  const res = await portal.app.inject({
    method: 'GET',
    url: `/api/bonuses?type=${type}&pageSize=100`,
    headers: bearer(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Array<Record<string, string>> }>().items;
}

const sum = (values: string[]) => fromBaseUnits(values.reduce((total, v) => total + toBaseUnits(v), 0n));

describe('the monthly statement', () => {
  let statement: Statement;
  beforeAll(async () => {
    statement = await statementOf(portal.db, alice.user.id, month, portal.clock.now);
  });

  it('closes each wallet at the balance the wallets page shows, opening + credits − debits', async () => {
    const shown = await balances(portal.app, alice);
    for (const w of statement.wallets) {
      expect(fromBaseUnits(w.closing), w.wallet).toBe(shown[w.wallet]);
      expect(w.opening, `${w.wallet}: alice joined this month`).toBe(0n);
      expect(w.closing).toBe(w.opening + w.credits - w.debits);
    }
    const deposit = statement.wallets.find((w) => w.wallet === 'deposit')!;
    expect(fromBaseUnits(deposit.credits)).toBe('10000.00');
    expect(shown.points).not.toBe('0.00');
    expect(statement.inProgress).toBe(true);
  });

  it('states income by day and kind as the bonus lists pay it', async () => {
    const referral = await list(alice, 'referral');
    const matching = await list(alice, 'matching');
    expect(referral.length).toBeGreaterThan(0);
    expect(matching.length).toBe(1);
    expect(fromBaseUnits(statement.incomeTotals.referral_bonus)).toBe(sum(referral.map((r) => r.amount!)));
    expect(fromBaseUnits(statement.incomeTotals.matching_bonus)).toBe(sum(matching.map((m) => m.paid!)));
    const today = day(0, portal.clock.now);
    expect(statement.income.map((line) => [line.day, line.kind, line.count])).toEqual([
      [today, 'referral_bonus', referral.length],
      [today, 'matching_bonus', 1],
    ]);
    // Every income credit is in the income wallet's credits (nothing else credited it).
    const income = statement.wallets.find((w) => w.wallet === 'income')!;
    expect(income.credits).toBe(statement.incomeTotals.total);
  });

  it("lists each matching day as the member's matching list records it", async () => {
    const [listed] = await list(alice, 'matching');
    expect(statement.matching).toHaveLength(1);
    const [m] = statement.matching;
    expect({
      closeDate: m!.closeDate,
      leftVolume: m!.left,
      rightVolume: m!.right,
      matched: m!.matched,
      rate: m!.rate,
      earned: fromBaseUnits(m!.earned),
      dailyCap: fromBaseUnits(m!.dailyCap),
      paid: fromBaseUnits(m!.paid),
      flushed: fromBaseUnits(m!.flushed),
      carryLeft: m!.carryLeft,
      carryRight: m!.carryRight,
    }).toEqual({ ...listed, member: undefined, state: undefined, closeDate: listed!.closeDate });
    expect(listed!.state).toBe('paid');
    expect(m!.creditedOn).toBe(day(0, portal.clock.now));
  });

  it("opens a period at the balance the ledger had before it: split at alice's purchase", async () => {
    const { rows } = await portal.db.query<{ created_at: Date; before: string }>(
      sql`SELECT e.created_at,
                 (SELECT p2.balance_after::text FROM postings p2 WHERE p2.account_id = a.id AND p2.id < p.id ORDER BY p2.id DESC LIMIT 1) AS before
            FROM postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries e ON e.id = p.entry_id
           WHERE a.owner_id = ${alice.user.id} AND a.wallet = 'deposit' AND e.type = 'purchase' ORDER BY p.id LIMIT 1`,
    );
    const split = new Date(rows[0]!.created_at);
    const member = await statementMember(portal.db, alice.user.id);
    const later = await statementFor(
      portal.db,
      member,
      { month, from: split, to: statement.period.to },
      portal.clock.now,
    );
    const deposit = later.wallets.find((w) => w.wallet === 'deposit')!;
    expect(fromBaseUnits(deposit.opening)).toBe('10000.00');
    expect(deposit.opening).toBe(BigInt(rows[0]!.before));
    expect(deposit.credits).toBe(0n);
    for (const w of later.wallets) {
      const whole = statement.wallets.find((x) => x.wallet === w.wallet)!;
      expect(w.closing, w.wallet).toBe(whole.closing);
    }
  });

  it('draws the figures into the PDF', async () => {
    const text = pdfText(await renderStatement(statement, { compress: false }));
    expect(text).toContain('Alice Ledger (stmt_alice)');
    for (const w of statement.wallets) expect(text).toContain(fromBaseUnits(w.closing));
    expect(text).toContain(fromBaseUnits(statement.incomeTotals.total));
    expect(text).toContain('Page 1 of 1');
  });

  it('breaks a long statement over numbered pages with the headings again', async () => {
    const long: Statement = {
      ...statement,
      matching: Array.from({ length: 80 }, (_, i) => ({ ...statement.matching[0]!, closeDate: `day-${i}` })),
    };
    const text = pdfText(await renderStatement(long, { compress: false }));
    expect(text).toContain('day-79');
    const pages = [...text.matchAll(/Page (\d+) of (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages).toEqual(pages.map((_, i) => [i + 1, pages.length]));
    expect(text.match(/Carry right BV/g)!.length).toBeGreaterThan(1);
  });
});

describe('GET /api/statements/:month', () => {
  it('serves the PDF as a download named for the member and month', async () => {
    const res = await portal.app.inject({ method: 'GET', url: `/api/statements/${month}`, headers: bearer(alice) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-stmt_alice-${month}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const shown = await balances(portal.app, alice);
    expect(pdfText(res.rawPayload)).toContain(shown.deposit);
  });

  it('is the same statement for an admin', async () => {
    const res = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/members/${alice.user.id}/statements/${month}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const missing = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/members/987654/statements/${month}`,
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('MEMBER_NOT_FOUND');
    const notAdmin = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/members/${bob.user.id}/statements/${month}`,
      headers: bearer(alice),
    });
    expect(notAdmin.statusCode).toBe(403);
  });

  it('refuses a month that is not YYYY-MM, one not begun, one before the member joined', async () => {
    const get = (m: string, session: Session | null = alice) =>
      portal.app.inject({ method: 'GET', url: `/api/statements/${m}`, headers: session ? bearer(session) : {} });
    for (const bad of ['2026-13', '2026-1', 'last', '2026-10-01']) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
    const now = portal.clock.now;
    const next = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    const future = await get(next);
    expect(future.statusCode).toBe(422);
    expect(errorOf(future).code).toBe('STATEMENT_MONTH_IN_FUTURE');
    const previous = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    const before = await get(previous);
    expect(before.statusCode).toBe(404);
    expect(errorOf(before).code).toBe('STATEMENT_BEFORE_JOINING');
    expect((await get(month, null)).statusCode).toBe(401);
  });
});
