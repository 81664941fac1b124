import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositWatcher, type DepositWatcher } from '../../../src/deposits/watcher';
import { sql } from '../../../src/platform/db/sql';
import { chainSnapshotOf } from '../../../src/platform/metrics/chain-snapshot';
import { startRpcProxy, startTestChain, type RpcProxy, type TestChain } from '../chain/chain-helpers';
import { bearer, lateBound, type Session, type TestPortal } from '../../harness';
import { approve, freshAddress, pendingWithdrawal, startPayoutPortal } from '../../withdrawals/payout-helpers';
import { setSettings } from '../../withdrawals/withdrawal-helpers';
import { families, sampleValue } from './exposition';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The metrics and /api/health's checks against a real anvil of this file's own. */
describe('metrics and health checks with a chain', () => {
  const metrics = useChainMetrics();
  chainFiguresTests(metrics);
  slowNodeTests(metrics);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useChainMetrics() {
  let chain: TestChain;
  let portal: TestPortal;
  let admin: Session;
  let watcher: DepositWatcher;
  /** The portal reaches its node through this proxy, so a test can make the node slow or gone. */
  let proxy: RpcProxy;

  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 1, hotTokens: '50' });
    proxy = await startRpcProxy(chain.rpcUrl);
    ({ portal, admin } = await startPayoutPortal(chain, { CHAIN_RPC_URL: proxy.url, METRICS_TOKEN: TOKEN }));
    // The hot wallet's 50 USDT are below the default low-water mark: these tests judge it by the payouts alone.
    await setSettings(portal.app, admin, { hotWalletLowWater: '0' });
    watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
  }, 60_000);
  afterAll(async () => {
    await watcher?.release();
    await portal?.close();
    await proxy?.close();
    await chain?.stop();
  });

  const scrape = async () => {
    const res = await portal.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const health = async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Past the chain reads' 15 s cache (platform/metrics/chain-snapshot.ts), on the portal's clock. */
  const nextChainRead = () => portal.clock.advance(15_001);
  return {
    portal: lateBound(() => portal, 'The portal'),
    admin: lateBound(() => admin, 'The admin'),
    scrape,
    health,
    nextChainRead,
    get chain() {
      return chain;
    },
    get watcher() {
      return watcher;
    },
    get proxy() {
      return proxy;
    },
  };
}
type ChainMetrics = ReturnType<typeof useChainMetrics>;

function chainFiguresTests(metrics: ChainMetrics) {
  const { scrape, portal, admin, nextChainRead, health } = metrics;
  it('reports the watcher lag, the wallet balances and the reconciliation, read from the chain', async () => {
    await metrics.chain.mine(5);
    await metrics.watcher.tick();
    const body = await scrape();
    for (const name of [
      'portal_chain_up',
      'portal_chain_head_block',
      'portal_deposit_watcher_lag_blocks',
      'portal_deposit_watcher_lag_seconds',
      'portal_deposits_awaiting_finality',
      'portal_wallet_balance_usdt',
      'portal_wallet_balance_bnb',
      'portal_reconciliation_difference_usdt',
    ]) {
      expect(families(body), name).toContain(name);
    }
    expect(sampleValue(body, 'portal_chain_up')).toBe(1);
    const head = sampleValue(body, 'portal_chain_head_block')!;
    const cursor = sampleValue(body, 'portal_deposit_watcher_cursor_block')!;
    expect(head).toBe(Number(await metrics.chain.blockNumber()));
    // The watcher credits final blocks only: it stands behind the head by the finality depth, no more.
    const lag = sampleValue(body, 'portal_deposit_watcher_lag_blocks')!;
    expect(lag).toBe(head - cursor);
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThanOrEqual(3);
    expect(sampleValue(body, 'portal_deposit_watcher_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(body, 'portal_deposit_watcher_last_check_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(body, 'portal_deposits_awaiting_finality')).toBe(0);

    expect(sampleValue(body, 'portal_wallet_balance_usdt', { wallet: 'hot' })).toBe(50);
    expect(sampleValue(body, 'portal_wallet_balance_usdt', { wallet: 'treasury' })).toBe(0);
    expect(sampleValue(body, 'portal_wallet_balance_bnb', { wallet: 'gas' })).toBeCloseTo(100, 2);
    expect(sampleValue(body, 'portal_wallet_balance_bnb', { wallet: 'hot' })).toBeCloseTo(100, 2);
    // The same reconciliation as the admin's chain wallets page.
    const page = await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) });
    expect(page.statusCode, page.body).toBe(200);
    const { reconciliation } = page.json<{ reconciliation: { difference: string; unexplained: string } }>();
    expect(sampleValue(body, 'portal_reconciliation_difference_usdt')).toBe(Number(reconciliation.difference));
    expect(sampleValue(body, 'portal_reconciliation_unexplained_usdt')).toBe(Number(reconciliation.unexplained));
  });

  it('reads the chain at most once per 15 seconds, whatever the number of scrapes', async () => {
    const first = sampleValue(await scrape(), 'portal_chain_head_block')!;
    await metrics.chain.mine(4);
    expect(sampleValue(await scrape(), 'portal_chain_head_block')).toBe(first);
    nextChainRead();
    expect(sampleValue(await scrape(), 'portal_chain_head_block')).toBe(first + 4);
    // The watcher has not seen those blocks: the lag shows them.
    expect(sampleValue(await scrape(), 'portal_deposit_watcher_lag_blocks')).toBeGreaterThanOrEqual(4);
  });

  it('counts the payout queue by state, and health says when payouts are stuck or the hot wallet is low', async () => {
    await metrics.watcher.tick();
    nextChainRead();
    const calm = await health();
    expect(calm.checks).toMatchObject({
      database: { state: 'ok' },
      watcher: { state: 'ok', awaitingFinality: 0 },
      payouts: { state: 'ok', live: 0, stuck: 0, failed: 0 },
      hotWallet: { state: 'ok' },
    });
    expect(Number(calm.checks.watcher.lagBlocks)).toBeGreaterThanOrEqual(0);
    expect(calm.checks.watcher.message).toMatch(/behind the head/);

    const small = await pendingWithdrawal(portal, admin, freshAddress(), '10');
    await approve(portal, admin, [small.id]);
    let body = await scrape();
    expect(sampleValue(body, 'portal_payouts', { state: 'queued' })).toBe(1);
    expect(sampleValue(body, 'portal_payouts', { state: 'paid' })).toBe(0);
    expect(sampleValue(body, 'portal_payouts_stuck')).toBe(0);
    expect((await health()).checks.hotWallet.state).toBe('ok');

    // More than the hot wallet's 50 USDT waits to be sent.
    const large = await pendingWithdrawal(portal, admin, freshAddress(), '100');
    await approve(portal, admin, [large.id]);
    const low = await health();
    expect(low.checks.payouts).toMatchObject({ state: 'ok', live: 2 });
    expect(low.checks.hotWallet.state).toBe('low');
    expect(low.checks.hotWallet.message).toMatch(/less USDT than the 2 payouts/);

    // One of them queued long ago: stuck.
    await portal.db.query(
      sql`UPDATE payouts SET created_at = now() - interval '2 hours' WHERE withdrawal_id = ${small.id}`,
    );
    body = await scrape();
    expect(sampleValue(body, 'portal_payouts', { state: 'queued' })).toBe(2);
    expect(sampleValue(body, 'portal_payouts_stuck')).toBe(1);
    expect(sampleValue(body, 'portal_payout_oldest_live_age_seconds')).toBeGreaterThan(7000);
    const stuck = await health();
    expect(stuck.checks.payouts).toMatchObject({ state: 'stuck', live: 2, stuck: 1 });
    expect(stuck.status).toBe('ok');
  });
}

function slowNodeTests(metrics: ChainMetrics) {
  const { nextChainRead, health, scrape, portal } = metrics;
  it('says so when the node is slow or gone: health does not wait for it, the metrics drop the chain figures', async () => {
    metrics.proxy.delay(3000);
    nextChainRead();
    const started = Date.now();
    const slow = await health();
    expect(Date.now() - started).toBeLessThan(2500);
    expect(slow.checks.hotWallet.state).toBe('unknown');
    expect(slow.status).toBe('ok');
    metrics.proxy.delay(0);

    metrics.proxy.down();
    nextChainRead();
    const body = await scrape();
    expect(sampleValue(body, 'portal_chain_up')).toBe(0);
    expect(sampleValue(body, 'portal_chain_head_block')).toBeUndefined();
    expect(sampleValue(body, 'portal_deposit_watcher_lag_blocks')).toBeUndefined();
    expect(sampleValue(body, 'portal_wallet_balance_usdt', { wallet: 'hot' })).toBeUndefined();
    expect(families(body)).toContain('portal_deposit_watcher_lag_blocks');
    // The failed read is kept for 15 s: health does not ask the node again.
    expect((await health()).checks.hotWallet).toMatchObject({
      state: 'unknown',
      message: expect.stringMatching(/did not answer/),
    });
    metrics.proxy.up();
  });

  it('does not report a database failure as the node not answering', async () => {
    nextChainRead();
    await portal.ctx.db.query(sql`ALTER TABLE chain_watch RENAME TO chain_watch_away`);
    try {
      await expect(chainSnapshotOf(portal.ctx)!.figures()).rejects.toThrow(/chain_watch/);
    } finally {
      await portal.ctx.db.query(sql`ALTER TABLE chain_watch_away RENAME TO chain_watch`);
    }
    nextChainRead();
    expect(await chainSnapshotOf(portal.ctx)!.figures()).toMatchObject({ ok: true });
  });
}
