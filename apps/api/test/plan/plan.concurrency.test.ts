import { toBaseUnits } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { rollUpNetwork } from '../../src/network/rollup';
import { errorOf, registerMember, type Session, usePortal } from '../harness';
import { assertBooksConsistent, balances, fund } from '../ledger/ledger-helpers';
import { buy, close, day, maintainedLegs, mustBuy, packageIds, rebuildLegs } from './plan-helpers';
import { sql } from '../../src/platform/db/sql';

/** Real concurrency exists only on a PostgreSQL server (PGlite runs one transaction at a time). */
const onServer = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onServer)('concurrent purchases and closes on PostgreSQL', () => {
  const { portal, admin } = usePortal();

  it('many purchases at once in one leg, repeated keys and a wallet that affords only some: each pays exactly once', async () => {
    const { app, db } = portal;
    const top = await registerMember(app, { username: 'spine', sponsor: 'company', side: 'left' });
    const right = await registerMember(app, { username: 'spineright', sponsor: 'spine', side: 'right' });
    await fund(app, admin, top.user.id, 'deposit', '100');
    await fund(app, admin, right.user.id, 'deposit', '5000');
    const ids = await packageIds(app, top);
    await mustBuy(app, top, ids.Starter!);
    await mustBuy(app, right, ids.Platinum!);
    // A chain down the left leg: every buyer's BV lands on spine's left.
    const chain: Session[] = [];
    for (let i = 0; i < 12; i += 1) {
      const buyer = await registerMember(app, { username: `leg${i}`, sponsor: 'spine', side: 'left' });
      await fund(app, admin, buyer.user.id, 'deposit', '250');
      chain.push(buyer);
    }
    // Each buyer: 3 Starter purchases at once (affords 2) and the same key sent twice.
    const answers = await Promise.all(
      chain.flatMap((buyer, i) => [
        buy(app, buyer, ids.Starter, `k-${i}`),
        buy(app, buyer, ids.Starter, `k-${i}`),
        buy(app, buyer, ids.Starter),
        buy(app, buyer, ids.Starter),
      ]),
    );
    let created = 0;
    for (const [index, answer] of answers.entries()) {
      if (answer.statusCode === 201) {
        if (answer.headers['idempotent-replayed'] !== 'true') created += 1;
        continue;
      }
      const code = errorOf(answer).code;
      expect([422, 409], answer.body).toContain(answer.statusCode);
      expect(['INSUFFICIENT_BALANCE', 'IDEMPOTENCY_KEY_IN_USE'], `${index} ${answer.body}`).toContain(code);
    }
    expect(created).toBe(24);
    for (const buyer of chain) expect((await balances(app, buyer)).deposit).toBe('50.00');
    // spine is level 1 of spineright's Platinum (500) and of all 24 Starters (24 × 10).
    expect((await balances(app, top)).income).toBe('740.00');

    await rollUpNetwork(db);
    const legs = await maintainedLegs(db);
    expect(legs.get(top.user.id)).toEqual({ left: 2400n * 10n ** 18n, right: 5000n * 10n ** 18n });
    expect(legs).toEqual(await rebuildLegs(db));
    await assertBooksConsistent(db);
  });

  it("buyers who are each other's sponsors buy at once without deadlocks: every purchase succeeds, every bonus is exact", async () => {
    const { app, db } = portal;
    const line: Session[] = [];
    let sponsor = 'company';
    for (let i = 0; i < 8; i += 1) {
      const s = await registerMember(app, { username: `line${i}`, sponsor, side: 'right' });
      await fund(app, admin, s.user.id, 'deposit', '400');
      line.push(s);
      sponsor = s.user.username;
    }
    const ids = await packageIds(app, line[0]!);
    for (const s of line) await mustBuy(app, s, ids.Starter!);
    const answers = await Promise.all(
      line.flatMap((s) => [buy(app, s, ids.Starter), buy(app, s, ids.Starter), buy(app, s, ids.Starter)]),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    // Member i earns from the 4 purchases of each of its 1-3 levels below: 10, 5, 2 USDT each.
    for (const [i, s] of line.entries()) {
      const below = line.length - 1 - i;
      const expected = [10n, 5n, 2n].slice(0, below).reduce((sum, rate) => sum + 4n * rate, 0n);
      expect(toBaseUnits((await balances(app, s)).income), s.user.username).toBe(expected * 10n ** 18n);
    }
    await assertBooksConsistent(db);
  });

  it('a close run twice at once, with purchases arriving meanwhile, pays exactly once', async () => {
    const { app, db } = portal;
    const a = await registerMember(app, { username: 'twin', sponsor: 'company', side: 'right' });
    const ids = await packageIds(app, a);
    const l = await registerMember(app, { username: 'twinleft', sponsor: 'twin', side: 'left' });
    const r = await registerMember(app, { username: 'twinright', sponsor: 'twin', side: 'right' });
    for (const s of [a, l, r]) await fund(app, admin, s.user.id, 'deposit', '1000');
    for (const s of [a, l, r]) await mustBuy(app, s, ids.Starter!);
    const incomeBefore = (await balances(app, a)).income;

    const late = await registerMember(app, { username: 'latecomer', sponsor: 'twinleft', side: 'left' });
    await fund(app, admin, late.user.id, 'deposit', '500');
    const [first, second, latePurchase] = await Promise.all([
      close(app, admin, day(0)),
      close(app, admin, day(0)),
      buy(app, late, ids.Silver),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().paid).toBe(second.json().paid);
    expect(latePurchase.statusCode, latePurchase.body).toBe(201);
    const closes = await db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM matching_closes WHERE close_date = ${day(0)}`,
    );
    expect(closes.rows[0]!.n).toBe(1);
    const records = await db.query<{ member_id: number; paid: string }>(
      sql`SELECT member_id, paid::text AS paid FROM matching_bonuses WHERE close_date = ${day(0)}`,
    );
    const twin = records.rows.find((row) => Number(row.member_id) === a.user.id);
    // twin matched 100 BV (its earlier Starter pair) at 10%, plus the late Silver only if the close saw it.
    expect(['10000000000000000000', '50000000000000000000']).toContain(twin?.paid);
    const paid = BigInt(twin!.paid);
    // ...plus 5% (level 2) of the late Silver.
    expect(toBaseUnits((await balances(app, a)).income)).toBe(toBaseUnits(incomeBefore) + paid + toBaseUnits('25'));
    await rollUpNetwork(db);
    expect(await maintainedLegs(db)).toEqual(await rebuildLegs(db));
    await assertBooksConsistent(db);
  });
});
