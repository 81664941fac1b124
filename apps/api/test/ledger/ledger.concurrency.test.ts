import { fromBaseUnits } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { errorOf, registerMember, usePortal } from '../harness';
import { assertBooksConsistent, balances, fund, transfer } from './ledger-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * Real concurrency exists only on a PostgreSQL server (PGlite runs one
 * transaction at a time), so these run when DATABASE_URL is set — as CI does.
 */
const onServer = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onServer)('concurrent money movements on PostgreSQL', () => {
  const { portal, admin } = usePortal();

  async function totalUsdt(): Promise<bigint> {
    const { rows } = await portal.db.query<{ total: string }>(
      sql`SELECT COALESCE(sum(balance), 0)::text AS total FROM ledger_accounts WHERE kind = 'member' AND unit = 'USDT'`,
    );
    return BigInt(rows[0]!.total);
  }

  it('200 transfers at once from a wallet that affords 133 of them: exactly 133 succeed, none overdraws, the total is kept', async () => {
    const sender = await registerMember(portal.app);
    const receivers = await Promise.all([1, 2, 3, 4, 5].map(() => registerMember(portal.app)));
    await fund(portal.app, admin, sender.user.id, 'deposit', '200.5');
    const before = await totalUsdt();

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        transfer(portal.app, sender, { toUsername: receivers[i % 5]!.user.username, amount: '1.5' }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(ok).toHaveLength(133);
    expect(refused).toHaveLength(67);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(errorOf(answer).code).toBe('INSUFFICIENT_BALANCE');
    }
    expect((await balances(portal.app, sender)).deposit).toBe('1.00');
    // Each receiver holds exactly what the successful answers say reached them.
    for (const receiver of receivers) {
      const count = ok.filter((a) => a.json().to.username === receiver.user.username).length;
      expect((await balances(portal.app, receiver)).deposit).toBe(
        fromBaseUnits(BigInt(count) * 1_500_000_000_000_000_000n),
      );
    }
    expect(await totalUsdt()).toBe(before);
    await assertBooksConsistent(portal.db);
  });

  it('transfers crossing in both directions at once neither deadlock nor lose a cent', async () => {
    const a = await registerMember(portal.app);
    const b = await registerMember(portal.app);
    await fund(portal.app, admin, a.user.id, 'deposit', '50');
    await fund(portal.app, admin, b.user.id, 'deposit', '50');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? transfer(portal.app, a, { toUsername: b.user.username, amount: '1' })
          : transfer(portal.app, b, { toUsername: a.user.username, amount: '1' }),
      ),
    );
    expect(answers.map((x) => x.statusCode)).toEqual(Array(60).fill(201));
    expect((await balances(portal.app, a)).deposit).toBe('50.00');
    expect((await balances(portal.app, b)).deposit).toBe('50.00');
    await assertBooksConsistent(portal.db);
  });

  it('many first payments to wallets that never held money create each wallet once', async () => {
    const payer = await registerMember(portal.app);
    const fresh = await registerMember(portal.app);
    await fund(portal.app, admin, payer.user.id, 'deposit', '30');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => transfer(portal.app, payer, { toUsername: fresh.user.username, amount: '1' })),
    );
    expect(answers.map((x) => x.statusCode)).toEqual(Array(30).fill(201));
    const { rows } = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE owner_id = ${fresh.user.id}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect((await balances(portal.app, fresh)).deposit).toBe('30.00');
  });

  it('the same Idempotency-Key sent 3 times at once makes one entry and three equal answers', async () => {
    const sender = await registerMember(portal.app);
    const receiver = await registerMember(portal.app);
    await fund(portal.app, admin, sender.user.id, 'deposit', '10');
    for (let round = 0; round < 5; round += 1) {
      const key = `concurrent-${round}`;
      const answers = await Promise.all(
        [1, 2, 3].map(() => transfer(portal.app, sender, { toUsername: receiver.user.username, amount: '1' }, key)),
      );
      expect(answers.map((x) => x.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((x) => x.body)).size).toBe(1);
    }
    const { rows } = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM transfers WHERE from_user_id = ${sender.user.id}`,
    );
    expect(rows[0]!.n).toBe(5);
    expect((await balances(portal.app, sender)).deposit).toBe('5.00');
  });

  it('debits racing a transfer out of the same wallet never overdraw it', async () => {
    const member = await registerMember(portal.app);
    const other = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'deposit', '10');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? transfer(portal.app, member, { toUsername: other.user.username, amount: '1' })
          : portal.app.inject({
              method: 'POST',
              url: `/api/admin/members/${member.user.id}/adjustments`,
              headers: { authorization: `Bearer ${admin.accessToken}` },
              payload: { wallet: 'deposit', direction: 'debit', amount: '1', reason: 'race' },
            }),
      ),
    );
    expect(answers.filter((x) => x.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((x) => x.statusCode === 422)).toHaveLength(30);
    expect((await balances(portal.app, member)).deposit).toBe('0.00');
    await assertBooksConsistent(portal.db);
  });
});
