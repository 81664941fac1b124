import { beforeAll, describe, expect, it } from 'vitest';
import { fromBaseUnits, toBaseUnits, type TrialBalance } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { bearer, errorOf, registerMember, usePortal, type Session } from '../harness';
import { convert, fund, transfer } from '../ledger/ledger-helpers';
import { close, day, mustBuy, packageIds } from '../plan/plan-helpers';

const { portal, admin } = usePortal();

/** Days as the database dates its entries (UTC): every entry of this file is made today. */
const today = () => new Date().toISOString().slice(0, 10);
const shifted = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let alice: Session;
beforeAll(async () => {
  const { app } = portal;
  alice = await registerMember(app, { username: 'books_alice', sponsor: 'company', side: 'left' });
  const bob = await registerMember(app, { username: 'books_bob', sponsor: 'books_alice', side: 'left' });
  const carol = await registerMember(app, { username: 'books_carol', sponsor: 'books_alice', side: 'right' });
  for (const member of [alice, bob, carol]) await fund(app, admin, member.user.id, 'deposit', '5000');
  const ids = await packageIds(app, alice);
  await mustBuy(app, alice, ids.Starter!);
  await mustBuy(app, bob, ids.Starter!);
  await mustBuy(app, carol, ids.Gold!);
  expect((await close(app, admin, day(0, portal.clock.now))).statusCode).toBe(201);
  expect((await transfer(app, alice, { toUsername: 'books_bob', amount: '25.5' })).statusCode).toBe(201);
  expect((await convert(app, alice, { amount: '10.25' })).statusCode).toBe(201);
});

async function trialBalance(from: string, to: string): Promise<TrialBalance> {
  const res = await portal.app.inject({
    method: 'GET',
    url: `/api/admin/books/trial-balance?from=${from}&to=${to}`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TrialBalance>();
}

const lineOf = (balance: TrialBalance, code: string) => balance.lines.find((line) => line.code === code)!;
const units = (text: string) => toBaseUnits(text);

describe('the trial balance of a period', () => {
  balancesAndPeriodTests();
  csvAndRefusalTests();
});

function balancesAndPeriodTests() {
  it('balances in each unit, lists every company account, and its members’ lines close on the wallets', async () => {
    const balance = await trialBalance(today(), today());
    expect(balance.totals.map((total) => [total.unit, total.balanced])).toEqual([
      ['USDT', true],
      ['POINT', true],
    ]);
    const { rows: system } = await portal.db.query<{ code: string }>(
      sql`SELECT code FROM ledger_accounts WHERE kind = 'system' ORDER BY code`,
    );
    const codes = balance.lines.map((line) => line.code);
    for (const { code } of system) expect(codes).toContain(code);
    expect(codes).toEqual(expect.arrayContaining(['members_deposit', 'members_income', 'members_points']));

    // The wallets' own balances, summed by kind, equal the members' closing lines (every opening is zero today).
    const { rows } = await portal.db.query<{ wallet: string; total: string }>(
      sql`SELECT wallet, sum(balance)::text AS total FROM ledger_accounts WHERE kind = 'member' GROUP BY wallet`,
    );
    for (const { wallet, total } of rows) {
      const line = lineOf(balance, `members_${wallet}`);
      expect(line.closingCredit).toBe(fromBaseUnits(BigInt(total)));
      expect(line.openingCredit).toBe('0.00');
      expect(line.openingDebit).toBe('0.00');
    }
    expect(balance.wallets.every((check) => check.equal)).toBe(true);
    expect(lineOf(balance, 'members_points').closingCredit).toBe(lineOf(balance, 'points_issued').closingDebit);
    expect(balance.chain).toEqual({ state: 'off' });
  });

  it('sums the same postings as the journal of the same days (the Transactions CSV), side by side', async () => {
    const balance = await trialBalance(today(), today());
    const csv = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/transactions?from=${today()}&to=${today()}&format=csv`,
      headers: bearer(admin),
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\r\n');
    const columns = header!.split(',');
    const debits = new Map<string, bigint>();
    const credits = new Map<string, bigint>();
    for (const line of lines) {
      // Memos carry no commas here; the amounts, wallets and codes never do.
      const cells = Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell]));
      const code = cells.wallet ? `members_${cells.wallet}` : cells.system_account!;
      const amount = units(cells.amount);
      const sides = amount < 0n ? debits : credits;
      sides.set(code, (sides.get(code) ?? 0n) + (amount < 0n ? -amount : amount));
    }
    for (const line of balance.lines) {
      expect([line.code, line.debits]).toEqual([line.code, fromBaseUnits(debits.get(line.code) ?? 0n)]);
      expect([line.code, line.credits]).toEqual([line.code, fromBaseUnits(credits.get(line.code) ?? 0n)]);
    }
  });

  it("opens a period on the last one's closing balances, and a period before any entry is all zeros", async () => {
    const todays = await trialBalance(today(), today());
    const tomorrow = await trialBalance(shifted(1), shifted(3));
    for (const line of todays.lines) {
      const next = lineOf(tomorrow, line.code);
      expect([line.code, next.openingDebit, next.openingCredit]).toEqual([
        line.code,
        line.closingDebit,
        line.closingCredit,
      ]);
      expect([next.debits, next.credits]).toEqual(['0.00', '0.00']);
      expect([next.closingDebit, next.closingCredit]).toEqual([line.closingDebit, line.closingCredit]);
    }
    // Tomorrow's wallets: today's balances, nothing moved since.
    expect(tomorrow.wallets.every((check) => check.equal)).toBe(true);
    const before = await trialBalance('2020-01-01', shifted(-1));
    for (const line of before.lines) {
      const sums = [
        line.openingDebit,
        line.openingCredit,
        line.debits,
        line.credits,
        line.closingDebit,
        line.closingCredit,
      ];
      expect(sums).toEqual(sums.map(() => '0.00'));
    }
    // A past period's wallets: today's balances less today's movements, i.e. zero.
    expect(before.wallets.map((check) => [check.fromWallets, check.equal])).toEqual(
      before.wallets.map(() => ['0.00', true]),
    );
  });
}

function csvAndRefusalTests() {
  it('answers a CSV of its lines and a total line per unit', async () => {
    const res = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/books/trial-balance?from=${today()}&to=${today()}&format=csv`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="trial-balance-${today()}-to-${today()}.csv"`,
    );
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'code,account,unit,accounts,opening_debit,opening_credit,debits,credits,closing_debit,closing_credit',
    );
    const totals = rows.filter((row) => row.startsWith('total,'));
    expect(totals).toHaveLength(2);
    for (const total of totals) {
      const [, , , , openingDebit, openingCredit, debits, credits, closingDebit, closingCredit] = total.split(',');
      expect([openingDebit, debits, closingDebit]).toEqual([openingCredit, credits, closingCredit]);
    }
  });

  it('refuses a period that ends before it starts, a missing day, and a member', async () => {
    const reversed = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/books/trial-balance?from=${today()}&to=${shifted(-1)}`,
      headers: bearer(admin),
    });
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('from must be on or before to'),
    });
    const missing = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/books/trial-balance?to=${today()}`,
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(400);
    const member = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/books/trial-balance?from=${today()}&to=${today()}`,
      headers: bearer(alice),
    });
    expect(member.statusCode).toBe(403);
  });
}
