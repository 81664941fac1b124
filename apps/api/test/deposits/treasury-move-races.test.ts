import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { sql } from '../../src/platform/db/sql';
import { bearer, errorOf } from '../harness';
import { usdt } from '../withdrawals/payout-helpers';
import { memberWithAddress, startDepositPortal, stopDepositPortal, type DepositPortal } from './deposit-helpers';

/**
 * Moves from the treasury asked for at once (apps/api/src/deposits/move-from-treasury.ts):
 * each counts the moves recorded before it and not yet mined, so together
 * they never ask for more than the treasury holds; the extra ones are refused
 * (422 TREASURY_SHORT) before anything is signed or broadcast. A real anvil.
 */
describe('treasury moves asked for at once', () => {
  let setup: DepositPortal;
  beforeAll(async () => {
    setup = await startDepositPortal({
      adminTwoFactor: true,
      env: async (chain) => ({ TREASURY_KEY: chain.treasuryKey }),
    });
  });
  afterAll(async () => {
    await stopDepositPortal(setup ?? {});
  });

  it('four moves of 210 from a treasury of 350: one is made, three are refused, one transfer on chain', async () => {
    const { chain, portal, admin } = setup;
    // 350 USDT deposited by a member and swept to the treasury (the hot wallet's target is 0 here).
    const { address } = await memberWithAddress(portal);
    await chain.send(address, '350');
    await chain.mine(3);
    await setup.watcher.tick();
    const swept = await portal.app.inject({ method: 'POST', url: '/api/admin/consolidations', headers: bearer(admin) });
    expect(swept.statusCode, swept.body).toBe(201);
    const hot = privateKeyToAccount(chain.hotKey).address;
    expect(await chain.balanceOf(chain.treasury)).toBe(usdt('350'));
    const hotBefore = await chain.balanceOf(hot);
    const nonceBefore = await chain.client.getTransactionCount({ address: chain.treasury });

    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        portal.app.inject({
          method: 'POST',
          url: '/api/admin/hot-wallet/moves',
          headers: { ...bearer(admin), 'idempotency-key': `race-${n}` },
          payload: { amount: '210' },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const refused of answers.filter((res) => res.statusCode === 422)) {
      expect(errorOf(refused)).toMatchObject({ code: 'TREASURY_SHORT', field: 'amount' });
      expect(errorOf(refused).message).toContain('140.00 USDT');
    }
    expect(await chain.balanceOf(chain.treasury)).toBe(usdt('140'));
    expect(await chain.balanceOf(hot)).toBe(hotBefore + usdt('210'));
    // One transaction signed and sent by the treasury, none refused on chain.
    expect(await chain.client.getTransactionCount({ address: chain.treasury })).toBe(nonceBefore + 1);
    const moves = await portal.db.query<{ status: string }>(sql`SELECT status FROM treasury_moves`);
    expect(moves.rows).toEqual([{ status: 'confirmed' }]);

    // What is left can still be moved.
    const rest = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/hot-wallet/moves',
      headers: bearer(admin),
      payload: { amount: '140' },
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await chain.balanceOf(chain.treasury)).toBe(0n);
  });
});
