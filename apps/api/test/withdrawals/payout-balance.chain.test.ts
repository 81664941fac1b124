import { describe, expect, it } from 'vitest';
import { sql } from '../../src/platform/db/sql';
import { startQueued } from '../../src/withdrawals/payout/start-queued';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';
import { adminCode, bearer, type TestPortal } from '../harness';
import { freshAddress, payAll, pendingWithdrawal, usePayoutChain } from './payout-helpers';

/**
 * What the hot wallet can still pay (apps/api/src/withdrawals/payout/start-queued.ts):
 * a payout already mined is out of the balance, so it is not owed again
 * while its status still says `broadcast` (follow-in-flight.ts has not seen
 * its receipt yet). Counted twice, it failed later payouts the wallet could
 * cover: `npm run bench -- withdrawals` failed 18 of 1,000 that way.
 */

async function approved(portal: TestPortal, admin: Parameters<typeof bearer>[0], amount: string): Promise<number> {
  const { id } = await pendingWithdrawal(portal, admin, freshAddress(), amount);
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/admin/withdrawals/approve',
    headers: bearer(admin),
    payload: { ids: [id], totpCode: adminCode(portal) },
  });
  expect(res.json().done, res.body).toEqual([id]);
  return id;
}

async function payoutStatus(portal: TestPortal, withdrawalId: number): Promise<string> {
  const { rows } = await portal.db.query<{ status: string }>(
    sql`SELECT status FROM payouts WHERE withdrawal_id = ${withdrawalId} ORDER BY id DESC LIMIT 1`,
  );
  return rows[0]!.status;
}

describe('the hot wallet’s balance for new payouts', () => {
  const setup = usePayoutChain();

  it('does not count a mined payout whose status lags as still owed', async () => {
    const { portal, admin, chain, hot } = setup;
    // 1,000 USDT on the hot wallet: a payout of 285 (300 less 5 %), then one of 475 (500 less 5 %), 760 in all.
    const first = await approved(portal, admin, '300');
    await createPayoutRunner(portal.ctx).pass();
    expect(await payoutStatus(portal, first)).toBe('broadcast');
    await chain.mine(1);

    const second = await approved(portal, admin, '500');
    const evm = portal.ctx.chain!;
    // The queue started before the first payout's receipt is followed: 715 left, 475 to pay.
    await startQueued({
      ctx: portal.ctx,
      chain: evm,
      wallet: hot,
      token: await evm.token(),
      hooks: {},
      leaseHeld: () => true,
    });
    expect(await payoutStatus(portal, first)).toBe('broadcast');
    expect(await payoutStatus(portal, second)).toBe('broadcast');

    await payAll(portal, chain);
    expect(await payoutStatus(portal, first)).toBe('paid');
    expect(await payoutStatus(portal, second)).toBe('paid');
  });
});
