import { beforeAll, describe, expect, it } from 'vitest';
import { DISCLOSURE_PERCENTILES, fromBaseUnits, toBaseUnits, type IncomeDisclosure } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { bearer, errorOf, registerMember, usePortal, type Session } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { setSettings } from '../withdrawals/withdrawal-helpers';
import { mustBuy, packageIds } from '../plan/plan-helpers';

const { portal, admin } = usePortal();
const today = () => new Date().toISOString().slice(0, 10);

/** Alice sponsors Bob and Carol, Bob sponsors Dave; Bob, Carol and Dave buy: Alice and Bob earn, Carol and Dave do not. */
const members: Session[] = [];
beforeAll(async () => {
  const { app } = portal;
  const alice = await registerMember(app, { username: 'disc_alice', sponsor: 'company', side: 'left' });
  const bob = await registerMember(app, { username: 'disc_bob', sponsor: 'disc_alice', side: 'left' });
  const carol = await registerMember(app, { username: 'disc_carol', sponsor: 'disc_alice', side: 'right' });
  const dave = await registerMember(app, { username: 'disc_dave', sponsor: 'disc_bob', side: 'left' });
  members.push(alice, bob, carol, dave);
  for (const member of [bob, carol, dave]) await fund(app, admin, member.user.id, 'deposit', '5000');
  const ids = await packageIds(app, alice);
  await mustBuy(app, bob, ids.Starter!);
  await mustBuy(app, carol, ids.Gold!);
  await mustBuy(app, dave, ids.Starter!);
});

async function disclosure(from: string, to: string, session = admin) {
  return portal.app.inject({
    method: 'GET',
    url: `/api/admin/income-disclosure?from=${from}&to=${to}`,
    headers: bearer(session),
  });
}

/** A member's income of the day as their Total Income page shows it. */
async function incomeOf(member: Session): Promise<bigint> {
  const res = await portal.app.inject({
    method: 'GET',
    url: `/api/income/summary?period=day&from=${today()}&to=${today()}`,
    headers: bearer(member),
  });
  expect(res.statusCode, res.body).toBe(200);
  return toBaseUnits(res.json<{ totals: { total: string } }>().totals.total);
}

describe('the income disclosure', () => {
  it('counts every member, those who earned nothing too, with percentiles by nearest rank from their own Total Income', async () => {
    const res = await disclosure(today(), today());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<IncomeDisclosure>();
    const incomes = (await Promise.all(members.map(incomeOf))).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(incomes[0]).toBe(0n);
    expect(incomes[3]! > 0n).toBe(true);
    // The company's root position is not a member.
    expect(body.members).toBe(4);
    expect(body.earners).toBe(incomes.filter((income) => income > 0n).length);
    const total = incomes.reduce((sum, income) => sum + income, 0n);
    expect(body.income.total).toBe(fromBaseUnits(total));
    expect(body.income.median).toBe(fromBaseUnits((incomes[1]! + incomes[2]! + 1n) / 2n));
    expect(body.income.mean).toBe(fromBaseUnits((2n * total + 4n) / 8n));
    expect(body.income.percentiles).toEqual(
      DISCLOSURE_PERCENTILES.map((percentile) => ({
        percentile,
        income: fromBaseUnits(incomes[Math.max(0, Math.ceil((percentile / 100) * 4) - 1)]!),
      })),
    );

    const { rows } = await portal.db.query<{ username: string; spent: string }>(
      sql`SELECT u.username, COALESCE(sum(p.price), 0)::text AS spent FROM users u JOIN members m ON m.user_id = u.id
            LEFT JOIN purchases p ON p.member_id = m.user_id WHERE u.username LIKE 'disc_%' GROUP BY u.username`,
    );
    const spent = rows.reduce((sum, row) => sum + BigInt(row.spent), 0n);
    expect(body.spent.total).toBe(fromBaseUnits(spent));
    const byName = new Map(rows.map((row) => [row.username, BigInt(row.spent)]));
    const earnedMore = await Promise.all(
      members.map(async (member) => (await incomeOf(member)) > byName.get(member.user.username)!),
    );
    expect(body.earnedMoreThanSpent).toBe(earnedMore.filter(Boolean).length);
    expect(body.typicalDaysInNetwork).toBe(0);
  });

  it('counts nobody in a period before anyone joined, and its CSV is one figure a line', async () => {
    const before = (await disclosure('2020-01-01', '2020-12-31')).json<IncomeDisclosure>();
    expect(before).toMatchObject({ members: 0, earners: 0, earnedMoreThanSpent: 0, typicalDaysInNetwork: 0 });
    expect(before.income).toMatchObject({ total: '0.00', mean: '0.00', median: '0.00' });

    const csv = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/income-disclosure?from=${today()}&to=${today()}&format=csv`,
      headers: bearer(admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="income-disclosure-${today()}-to-${today()}.csv"`,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('figure,value');
    expect(lines).toContain('members,4');
    expect(lines.filter((line) => line.startsWith('income_p'))).toHaveLength(DISCLOSURE_PERCENTILES.length);
  });

  it('is a PDF to publish, of the same figures', async () => {
    const res = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/income-disclosure/pdf?from=${today()}&to=${today()}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="income-disclosure-${today()}-to-${today()}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain(`Income disclosure ${today()} to ${today()}`);
  });

  it('refuses a reversed period and a member', async () => {
    const reversed = await disclosure(today(), '2020-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed).message).toContain('from must be on or before to');
    expect((await disclosure(today(), today(), members[0])).statusCode).toBe(403);
  });

  it('takes the middle income for an odd count of members', async () => {
    // A fifth member who buys: five incomes, the third of which is the median.
    const erin = await registerMember(portal.app, { username: 'disc_erin', sponsor: 'disc_carol', side: 'left' });
    await fund(portal.app, admin, erin.user.id, 'deposit', '5000');
    await mustBuy(portal.app, erin, (await packageIds(portal.app, erin)).Gold!);
    members.push(erin);
    const body = (await disclosure(today(), today())).json<IncomeDisclosure>();
    const incomes = (await Promise.all(members.map(incomeOf))).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(body.members).toBe(5);
    expect(incomes[3]! > incomes[2]!).toBe(true); // the mean of the two middle ones would not be the middle
    expect(body.income.median).toBe(fromBaseUnits(incomes[2]!));
  });
});

describe('the published income disclosure', () => {
  const year = () => portal.clock.now.getUTCFullYear();
  const published = (query: string) => portal.app.inject({ method: 'GET', url: `/api/income-disclosure?${query}` });

  it('says it is not published until the operator publishes it, then is for anyone without signing in, a year at a time', async () => {
    const closed = await published(`year=${year()}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ published: false });

    await setSettings(portal.app, admin, { incomeDisclosurePublic: true });
    const res = await published(`year=${year()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<IncomeDisclosure & { published: boolean; year: number; asOf: string }>();
    // The same figures as the admins' disclosure of the year to date, and nothing that names a member.
    const admins = (await disclosure(`${year()}-01-01`, today())).json<IncomeDisclosure>();
    expect({ ...body, published: undefined, year: undefined, asOf: undefined }).toEqual({
      ...admins,
      published: undefined,
      year: undefined,
      asOf: undefined,
    });
    expect(body.published).toBe(true);
    expect(body.year).toBe(year());
    expect(res.body).not.toContain('disc_');

    for (const [query, status, code] of [
      [`year=${year() + 1}`, 422, 'INCOME_DISCLOSURE_YEAR_OUT_OF_RANGE'],
      ['year=1999', 422, 'INCOME_DISCLOSURE_YEAR_OUT_OF_RANGE'],
      ['year=20x6', 400, 'VALIDATION_ERROR'],
      ['', 400, 'VALIDATION_ERROR'],
    ] as const) {
      const refused = await published(query);
      expect(refused.statusCode, query).toBe(status);
      expect(errorOf(refused).code).toBe(code);
    }
    await setSettings(portal.app, admin, { incomeDisclosurePublic: false });
    expect((await published(`year=${year()}`)).json()).toEqual({ published: false });
  });

  it('is worked out once every 10 minutes however many ask: a purchase shows after that', async () => {
    await setSettings(portal.app, admin, { incomeDisclosurePublic: true });
    const first = (await published(`year=${year()}`)).json<IncomeDisclosure & { asOf: string }>();
    const frank = await registerMember(portal.app, { username: 'disc_frank', sponsor: 'disc_carol', side: 'right' });
    await fund(portal.app, admin, frank.user.id, 'deposit', '5000');
    await mustBuy(portal.app, frank, (await packageIds(portal.app, frank)).Gold!);
    const kept = (await published(`year=${year()}`)).json<IncomeDisclosure & { asOf: string }>();
    expect(kept).toEqual(first);
    portal.clock.advance(10 * 60_000);
    const again = (await published(`year=${year()}`)).json<IncomeDisclosure & { asOf: string }>();
    expect(again.members).toBe(first.members + 1);
    expect(again.asOf > first.asOf).toBe(true);
    await setSettings(portal.app, admin, { incomeDisclosurePublic: false });
  });
});
