import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import type { Address } from 'viem';
import type { DepositWatcher } from '../../src/deposits/watcher';
import { bearer, type Session, type TestPortal } from '../harness';
import type { RpcProxy, TestChain } from '../platform/chain/chain-helpers';
import { approve, freshAddress, payAll, pendingWithdrawal, usdt, withdrawal } from '../withdrawals/payout-helpers';
import { setSettings } from '../withdrawals/withdrawal-helpers';
import { memberWithAddress, startDepositPortal, stopDepositPortal } from './deposit-helpers';

/**
 * The portal funds its own hot wallet (deposits/sweep-deposit-addresses.ts
 * `sweepDestinations`): a consolidation sends swept deposits to the hot
 * wallet until it covers the withdrawals waiting and its target, the rest to
 * the treasury; the books stay reconciled, and the waiting payout is then
 * paid with nothing sent from outside. A real anvil whose hot wallet starts
 * with no USDT at all.
 */
let chain: TestChain;
let portal: TestPortal;
let watcher: DepositWatcher;
let admin: Session;
let proxy: RpcProxy;

beforeAll(async () => {
  ({ chain, proxy, portal, watcher, admin } = await startDepositPortal({
    adminTwoFactor: true,
    hotWalletTarget: '30',
  }));
  await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
});

afterAll(async () => {
  await stopDepositPortal({ watcher, portal, proxy, chain });
});

const hot = () => privateKeyToAccount(chain.hotKey).address;

async function reconciliation() {
  const res = await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ reconciliation: { balanced: boolean; unexplained: string; hotWallet: string; treasury: string } }>()
    .reconciliation;
}

describe('a consolidation funds the hot wallet', () => {
  it('fills it to the approved payout plus its target, sends the rest to the treasury, and the payout is then paid', async () => {
    expect(await chain.balanceOf(hot())).toBe(0n);
    // An approved withdrawal of 40 (fee 5%: 38 to send) waits for a hot wallet that holds nothing.
    const to = freshAddress();
    const { id } = await pendingWithdrawal(portal, admin, to, '40');
    await approve(portal, admin, [id]);

    // Three deposits, credited; swept in the addresses' order.
    const addresses: Address[] = [];
    for (let i = 0; i < 3; i += 1) addresses.push((await memberWithAddress(portal)).address);
    await chain.sendMany([
      [addresses[0]!, '40'],
      [addresses[1]!, '40'],
      [addresses[2]!, '50'],
    ]);
    await chain.mine(3);
    await watcher.tick();

    const res = await portal.app.inject({ method: 'POST', url: '/api/admin/consolidations', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(201);
    const sweeps = res
      .json<{ transactions: Array<{ kind: string; fromAddress: string; toAddress: string; amount: string }> }>()
      .transactions.filter((t) => t.kind === 'sweep');
    // The hot wallet should hold 38 + 30 = 68: the first two addresses (80) go to it, whole; the third to the treasury.
    expect(sweeps.map((t) => [t.fromAddress, t.toAddress, t.amount])).toEqual([
      [addresses[0]!.toLowerCase(), hot().toLowerCase(), '40.00'],
      [addresses[1]!.toLowerCase(), hot().toLowerCase(), '40.00'],
      [addresses[2]!.toLowerCase(), chain.treasury.toLowerCase(), '50.00'],
    ]);
    expect(await chain.balanceOf(hot())).toBe(usdt('80'));
    expect(await chain.balanceOf(chain.treasury)).toBe(usdt('50'));
    expect(await reconciliation()).toMatchObject({
      balanced: true,
      unexplained: '0.00',
      hotWallet: '80.00',
      treasury: '50.00',
    });

    // The payout goes out of what the consolidation brought, nothing sent from outside.
    await payAll(portal, chain, {}, 12);
    expect((await withdrawal(portal, admin, id)).status).toBe('paid');
    expect(await chain.balanceOf(to)).toBe(usdt('38'));
    expect(await reconciliation()).toMatchObject({ balanced: true, unexplained: '0.00', hotWallet: '42.00' });
  });

  it('sends everything to the treasury once the hot wallet holds its target over what withdrawals need', async () => {
    const { address } = await memberWithAddress(portal);
    await chain.send(address, '25');
    await chain.mine(3);
    await watcher.tick();
    const treasuryBefore = await chain.balanceOf(chain.treasury);
    const res = await portal.app.inject({ method: 'POST', url: '/api/admin/consolidations', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await chain.balanceOf(hot())).toBe(usdt('42'));
    expect((await chain.balanceOf(chain.treasury)) - treasuryBefore).toBe(usdt('25'));
    expect((await reconciliation()).balanced).toBe(true);
  });

  it('below the low-water mark, /api/health and the admin dashboard say so', async () => {
    const hotWalletSays = async () => {
      portal.clock.advance(15_001); // past the chain reads' 15 s cache (platform/metrics/chain-snapshot.ts)
      const health = await portal.app.inject({ method: 'GET', url: '/api/health' });
      const dashboard = await portal.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
      expect(dashboard.statusCode, dashboard.body).toBe(200);
      const fromHealth = health.json<{ checks: { hotWallet: { state: string; message: string } } }>().checks.hotWallet;
      expect(dashboard.json<{ hotWallet: unknown }>().hotWallet).toEqual(fromHealth);
      return fromHealth;
    };
    // The hot wallet holds 42 USDT.
    await setSettings(portal.app, admin, { hotWalletLowWater: '50' });
    expect(await hotWalletSays()).toEqual({
      state: 'low',
      message: 'The hot wallet is below its low-water mark: fund it on BEP20 Wallets.',
    });
    await setSettings(portal.app, admin, { hotWalletLowWater: '40' });
    expect((await hotWalletSays()).state).toBe('ok');
    await setSettings(portal.app, admin, { hotWalletLowWater: '0' });
    expect((await hotWalletSays()).state).toBe('ok');
  });
});
