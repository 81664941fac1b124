import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import type { HotWalletFunding } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';
import { bearer } from '../harness';
import type { TestChain } from '../platform/chain/chain-helpers';
import { usdt } from '../withdrawals/payout-helpers';
import { setSettings } from '../withdrawals/withdrawal-helpers';
import { startDepositPortal, stopDepositPortal, type DepositPortal } from './deposit-helpers';

/**
 * The hot wallet's ceiling (the hotWalletCap setting;
 * apps/api/src/withdrawals/payout/return-excess.ts, deposits/hot-wallet-funding.ts):
 * above the cap the payout job sends the excess back to the treasury where
 * the portal holds its key, or, where the treasury is cold, only says how
 * much to move, on BEP20 Wallets, the admin dashboard, the metrics and
 * /api/health. Real anvils, one per describe.
 */
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const hotOf = (chain: TestChain) => privateKeyToAccount(chain.hotKey).address;

async function overCap(setup: DepositPortal) {
  // 500 on the hot wallet, a target of 50 and a cap of 100: 400 above it.
  await setup.chain.send(hotOf(setup.chain), '500');
  await setSettings(setup.portal.app, setup.admin, { hotWalletTarget: '50', hotWalletCap: '100' });
}

async function read(setup: DepositPortal, url: string, headers = bearer(setup.admin)) {
  const res = await setup.portal.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const funding = async (setup: DepositPortal) =>
  (await read(setup, '/api/admin/chain/wallets')).json<{ hotWalletFunding: HotWalletFunding }>().hotWalletFunding;

async function shownEverywhere(setup: DepositPortal, treasury: 'hot' | 'cold') {
  expect(await funding(setup)).toMatchObject({ balance: '500.00', cap: '100.00', aboveCap: '400.00' });
  const dashboard = (await read(setup, '/api/admin/dashboard')).json<{
    hotWallet: { state: string; message: string };
  }>();
  expect(dashboard.hotWallet.state).toBe('high');
  expect(dashboard.hotWallet.message).toContain('The hot wallet holds 400.00 USDT above its cap');
  const health = (await read(setup, '/api/health', {})).json<{
    checks: { hotWallet: { state: string; message: string } };
  }>();
  expect(health.checks.hotWallet.state).toBe('high');
  // /api/health is public: no amount.
  expect(health.checks.hotWallet.message).not.toContain('400');
  expect(health.checks.hotWallet.message).toMatch(treasury === 'cold' ? /the treasury is cold/ : /sends it back/);
  const metrics = (await read(setup, '/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).body;
  expect(metrics).toMatch(/^portal_hot_wallet_above_cap_usdt 400$/m);
}

describe('a hot wallet above its cap, the treasury key held', () => {
  let setup: DepositPortal;
  beforeAll(async () => {
    setup = await startDepositPortal({
      adminTwoFactor: true,
      env: async (chain) => ({ TREASURY_KEY: chain.treasuryKey, METRICS_TOKEN }),
    });
  });
  afterAll(async () => {
    await stopDepositPortal(setup ?? {});
  });

  it('is shown above its cap, then sends the excess back to the treasury, recorded and audited, once', async () => {
    const { chain, portal } = setup;
    await overCap(setup);
    await shownEverywhere(setup, 'hot');
    const treasuryBefore = await chain.balanceOf(chain.treasury);

    const runner = createPayoutRunner(portal.ctx);
    await runner.pass();
    expect(await chain.balanceOf(hotOf(chain))).toBe(usdt('100'));
    expect(await chain.balanceOf(chain.treasury)).toBe(treasuryBefore + usdt('400'));
    const returns = await portal.db.query<{ amount: string; status: string; to_address: string }>(
      sql`SELECT amount::text, status, to_address FROM hot_wallet_returns`,
    );
    expect(returns.rows).toEqual([
      { amount: usdt('400').toString(), status: 'confirmed', to_address: chain.treasury.toLowerCase() },
    ]);
    const audit = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'hot_wallet.return_to_treasury'`,
    );
    expect(audit.rows[0]!.n).toBe(1);

    // At the cap: nothing more moves.
    await runner.pass();
    expect(await chain.balanceOf(hotOf(chain))).toBe(usdt('100'));
    expect((await portal.db.query(sql`SELECT 1 FROM hot_wallet_returns`)).rows).toHaveLength(1);
    expect(await funding(setup)).toMatchObject({ balance: '100.00', aboveCap: '0.00' });
  });
});

describe('a hot wallet above its cap, the treasury cold', () => {
  let setup: DepositPortal;
  beforeAll(async () => {
    setup = await startDepositPortal({ adminTwoFactor: true, env: async () => ({ METRICS_TOKEN }) });
  });
  afterAll(async () => {
    await stopDepositPortal(setup ?? {});
  });

  it('moves nothing and says how much to move', async () => {
    const { chain, portal } = setup;
    await overCap(setup);
    await shownEverywhere(setup, 'cold');
    await createPayoutRunner(portal.ctx).pass();
    expect(await chain.balanceOf(hotOf(chain))).toBe(usdt('500'));
    expect((await portal.db.query(sql`SELECT 1 FROM hot_wallet_returns`)).rows).toHaveLength(0);
    expect(await funding(setup)).toMatchObject({ aboveCap: '400.00', treasury: { keyHeld: false } });
  });
});
