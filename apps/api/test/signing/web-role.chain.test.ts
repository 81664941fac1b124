import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { createChain } from '../../src/platform/chain';
import { KEY_VARIABLES, settingsFromEnv } from '../../src/platform/chain/config';
import { ConfigError, loadConfig } from '../../src/platform/config';
import type { AppContext } from '../../src/context';
import { sql } from '../../src/platform/db/sql';
import { signingRequestsJob } from '../../src/signing/job';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';
import { startTestChain, type TestChain } from '../platform/chain/chain-helpers';
import { bearer, enableAdminTwoFactor, loginAdmin, startPortal, type Session, type TestPortal } from '../harness';
import { approve, pendingWithdrawal, usdt, withdrawal } from '../withdrawals/payout-helpers';
import { setSettings } from '../withdrawals/withdrawal-helpers';

/**
 * Keys only where they sign (docs/decisions/0053-keys-only-where-they-sign.md):
 * a PORTAL_ROLE=web process refuses every key variable, holds no signer,
 * and what it is asked to sign is done by the process that runs the jobs,
 * on one database, against a real anvil.
 */
let chain: TestChain;
let web: TestPortal;
let admin: Session;
/** The jobs process: the same database, the keys of the full environment. */
let jobs: AppContext;

const webEnv = (c: TestChain): Record<string, string> => {
  const env: Record<string, string> = { ...c.env, PORTAL_ROLE: 'web' };
  for (const name of KEY_VARIABLES) delete env[name];
  return {
    ...env,
    DEPOSIT_XPUB: c.xpub,
    HOT_WALLET_ADDRESS: privateKeyToAccount(c.hotKey).address,
    GAS_WALLET_ADDRESS: privateKeyToAccount(c.env.GAS_WALLET_KEY as `0x${string}`).address,
    TREASURY_KEY_HELD: 'true',
  };
};

beforeAll(async () => {
  chain = await startTestChain({ confirmations: 1 });
  web = await startPortal(webEnv(chain));
  const full = loadConfig({ NODE_ENV: 'test', ...chain.env, TREASURY_KEY: chain.treasuryKey });
  jobs = { ...web.ctx, config: { ...web.ctx.config, role: 'all' }, chain: createChain(settingsFromEnv(full.chain)!) };
  admin = await loginAdmin(web.app);
  await enableAdminTwoFactor(web, admin);
  await setSettings(web.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
});
afterAll(async () => {
  await web?.close();
  await chain?.stop();
});

describe('a web process (PORTAL_ROLE=web)', () => {
  it('refuses to load any key, naming the variable', () => {
    const secrets = {
      DEPOSIT_MNEMONIC: chain.mnemonic,
      GAS_WALLET_KEY: chain.env.GAS_WALLET_KEY!,
      HOT_WALLET_KEY: chain.hotKey,
      TREASURY_KEY: chain.treasuryKey,
    };
    for (const name of KEY_VARIABLES) {
      const load = () => loadConfig({ NODE_ENV: 'test', ...webEnv(chain), [name]: secrets[name] });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(new RegExp(`${name}: must not be set where PORTAL_ROLE=web`));
    }
    // Nor may it run without a chain URL (the embedded chain holds its keys in the process that starts it).
    expect(() => loadConfig({ NODE_ENV: 'test', PORTAL_ROLE: 'web' })).toThrow(/PORTAL_ROLE: web needs CHAIN_RPC_URL/);
  });

  it('holds no key and no signer, yet sees every wallet by address', () => {
    const c = web.ctx.chain!;
    expect(c.signs).toBe(false);
    expect([c.hotWallet, c.gasWallet, c.treasuryWallet, c.depositSigner]).toEqual([null, null, null, null]);
    expect(c.hotWalletAddress).toBe(privateKeyToAccount(chain.hotKey).address);
    expect(c.treasuryKeyHeld).toBe(true);
    const held = JSON.stringify(web.ctx.config);
    for (const secret of chain.secrets) expect(held.includes(secret), 'a key in the web config').toBe(false);
  });

  it('queues a payout it cannot sign; the jobs process pays it', async () => {
    await chain.send(privateKeyToAccount(chain.hotKey).address, '50');
    const to = privateKeyToAccount(`0x${'11'.repeat(32)}`).address;
    const { id } = await pendingWithdrawal(web, admin, to, '20');
    await approve(web, admin, [id]);
    expect(await createPayoutRunner(web.ctx).pass()).toMatchObject({ ran: false });
    const { rows } = await web.db.query<{ status: string }>(
      sql`SELECT status FROM payouts WHERE withdrawal_id = ${id}`,
    );
    expect(rows).toEqual([{ status: 'queued' }]);

    const runner = createPayoutRunner(jobs);
    for (let i = 0; i < 6 && (await withdrawal(web, admin, id)).status !== 'paid'; i += 1) {
      await runner.pass();
      await chain.mine(2);
    }
    expect((await withdrawal(web, admin, id)).status).toBe('paid');
    expect(await chain.balanceOf(to)).toBe(usdt('19'));
  });

  it('hands a move from the treasury to the jobs process and answers what it did', async () => {
    await chain.send(chain.treasury, '40');
    const hot = privateKeyToAccount(chain.hotKey).address;
    const before = await chain.balanceOf(hot);
    const asked = web.app.inject({
      method: 'POST',
      url: '/api/admin/hot-wallet/moves',
      headers: { ...bearer(admin), 'idempotency-key': 'web-move-1' },
      payload: { amount: '15' },
    });
    // Nothing is signed by the web process: the request waits in the database for the jobs process.
    const job = signingRequestsJob(jobs);
    let taken = false;
    for (let i = 0; i < 50 && !taken; i += 1) {
      taken = await job.pass();
      if (!taken) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(taken).toBe(true);
    const res = await asked;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '15.00', status: 'confirmed', toAddress: hot.toLowerCase() });
    expect(await chain.balanceOf(hot)).toBe(before + usdt('15'));
    const { rows } = await web.db.query<{ status: string; kind: string }>(
      sql`SELECT status, kind FROM signing_requests`,
    );
    expect(rows).toEqual([{ status: 'done', kind: 'treasury_move' }]);
  });

  it("gives the jobs process's refusal as its own answer", async () => {
    const asked = web.app.inject({
      method: 'POST',
      url: '/api/admin/hot-wallet/moves',
      headers: bearer(admin),
      payload: { amount: '100000' },
    });
    const job = signingRequestsJob(jobs);
    while (!(await job.pass())) await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await asked;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('TREASURY_SHORT');
  });
});
