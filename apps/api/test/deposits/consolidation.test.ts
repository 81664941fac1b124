import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { LightMyRequestResponse } from 'fastify';
import { toBaseUnits } from '@portal/contract';
import type { DepositWatcher } from '../../src/deposits/watcher';
import { bearer, type Session, type TestPortal } from '../harness';
import type { RpcProxy, TestChain } from '../platform/chain/chain-helpers';
import { memberWithAddress, startDepositPortal, stopDepositPortal } from './deposit-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * One consolidation at a time (docs/decisions/0028-one-consolidation-at-a-time.md),
 * against a real anvil started for this file and a real database: requests
 * that race answer one 201 and one 409 CONSOLIDATION_RUNNING, a run that a
 * crash or a stall left behind is resumed under the lease and sweeps nothing
 * twice, and a database error is never answered as a chain outage. Every
 * count is checked twice: in the records and on chain (the senders' nonces).
 */
let chain: TestChain;
let portal: TestPortal;
let watcher: DepositWatcher;
let admin: Session;
let proxy: RpcProxy;
const logLines: string[] = [];

beforeAll(async () => {
  ({ chain, proxy, portal, watcher, admin } = await startDepositPortal({ logLines, adminTwoFactor: true }));
});

afterAll(async () => {
  await stopDepositPortal({ watcher, portal, proxy, chain });
});

afterEach(async () => {
  proxy.delay(0);
  proxy.refuse([]);
  await chain.rpc('evm_setAutomine', [true]);
});

const gasWallet = () => privateKeyToAccount(chain.env.GAS_WALLET_KEY as `0x${string}`).address;
const nonceOf = (address: Address) =>
  chain.client.getTransactionCount({ address: getAddress(address), blockTag: 'latest' });
const consolidate = () =>
  portal.app.inject({ method: 'POST', url: '/api/admin/consolidations', headers: bearer(admin) });

/** `count` new members, each with 20 USDT (over the 10 USDT threshold) deposited and credited. */
async function fundedAddresses(count: number): Promise<Address[]> {
  const addresses: Address[] = [];
  for (let i = 0; i < count; i += 1) {
    addresses.push((await memberWithAddress(portal)).address);
  }
  await chain.sendMany(addresses.map((a) => [a, '20']));
  await chain.mine(3);
  await watcher.tick();
  return addresses;
}

interface TxRecord {
  kind: 'gas_topup' | 'sweep';
  from_address: string;
  to_address: string;
  status: string;
  tx_hash: string;
  consolidation_id: number;
}

const records = async () =>
  (
    await portal.db.query<TxRecord>(
      sql`SELECT kind, from_address, to_address, status, tx_hash, consolidation_id FROM consolidation_txs ORDER BY id`,
    )
  ).rows;

/**
 * Each of `addresses` swept exactly once and topped up exactly once, in the
 * records and on chain: one transaction from each address (its nonce), as
 * many from the gas wallet as top-ups recorded since `gasNonceBefore`, and
 * all of their USDT in the treasury.
 */
async function sweptOnce(addresses: Address[], gasNonceBefore: number, treasuryBefore: bigint) {
  const all = await records();
  const mine = (kind: TxRecord['kind'], a: Address) =>
    all.filter((t) => t.kind === kind && (kind === 'sweep' ? t.from_address : t.to_address) === a.toLowerCase());
  for (const a of addresses) {
    expect(mine('sweep', a)).toHaveLength(1);
    expect(mine('gas_topup', a)).toHaveLength(1);
    expect(mine('sweep', a)[0]!.status).toBe('confirmed');
    expect(await nonceOf(a)).toBe(1);
    expect(await chain.balanceOf(a)).toBe(0n);
  }
  const topups = all.filter((t) => t.kind === 'gas_topup' && addresses.some((a) => a.toLowerCase() === t.to_address));
  expect(await nonceOf(gasWallet())).toBe(gasNonceBefore + topups.length);
  expect((await chain.balanceOf(chain.treasury)) - treasuryBefore).toBe(toBaseUnits('20') * BigInt(addresses.length));
}

const codeOf = (res: LightMyRequestResponse) => (res.statusCode >= 400 ? res.json<{ code: string }>().code : null);

describe('two consolidations started together', () => {
  it('at once: one runs (201), the other answers 409 CONSOLIDATION_RUNNING; each address swept and topped up once', async () => {
    const addresses = await fundedAddresses(4);
    const [gasBefore, treasuryBefore] = [await nonceOf(gasWallet()), await chain.balanceOf(chain.treasury)];
    proxy.delay(20);
    const answers = await Promise.all([consolidate(), consolidate()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      code: 'CONSOLIDATION_RUNNING',
      message: expect.stringContaining('already running'),
    });
    const done = answers.find((r) => r.statusCode === 201)!.json();
    expect(done.status).toBe('completed');
    expect(done.addresses).toBe(4);
    await sweptOnce(addresses, gasBefore, treasuryBefore);
    const consolidations = (await portal.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM consolidations`))
      .rows[0]!.n;
    expect(consolidations).toBe(1);
  });

  it('300 ms apart: the second answers 409 while the first runs, then the first completes; nothing twice', async () => {
    const addresses = await fundedAddresses(4);
    const [gasBefore, treasuryBefore] = [await nonceOf(gasWallet()), await chain.balanceOf(chain.treasury)];
    proxy.delay(20);
    let firstDone = false;
    const first = consolidate().then((res) => {
      firstDone = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await consolidate();
    expect(second.statusCode, second.body).toBe(409);
    expect(codeOf(second)).toBe('CONSOLIDATION_RUNNING');
    // Answered at once, not after waiting for (or resuming) the first run.
    expect(firstDone).toBe(false);
    const res = await first;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().addresses).toBe(4);
    await sweptOnce(addresses, gasBefore, treasuryBefore);
  });
});

describe('a consolidation left behind', () => {
  it('by a crash: refused while its lease lasts, then resumed under the lease, sending what was recorded and sweeping nothing twice', async () => {
    const addresses = await fundedAddresses(2);
    const [gasBefore, treasuryBefore] = [await nonceOf(gasWallet()), await chain.balanceOf(chain.treasury)];
    // The run stops with its top-ups signed and recorded, not sent...
    proxy.refuse(['eth_sendRawTransaction']);
    const failed = await consolidate();
    expect(failed.statusCode).toBe(503);
    expect(codeOf(failed)).toBe('CHAIN_UNAVAILABLE');
    proxy.refuse([]);
    const recorded = (await records()).filter((t) => t.kind === 'gas_topup' && t.status === 'signed');
    expect(recorded).toHaveLength(2);
    // ...and its process dies holding the lease (a crash releases nothing).
    await portal.db.query(
      sql`UPDATE consolidations SET leased_by = 'a-process-that-died', leased_until = clock_timestamp() + interval '30 seconds' WHERE status = 'running'`,
    );
    const whileHeld = await consolidate();
    expect(whileHeld.statusCode).toBe(409);
    expect(codeOf(whileHeld)).toBe('CONSOLIDATION_RUNNING');
    expect(await nonceOf(gasWallet())).toBe(gasBefore);

    // Half a minute later the lease has run out: the next request takes it and resumes.
    await portal.db.query(
      sql`UPDATE consolidations SET leased_until = clock_timestamp() - interval '1 second' WHERE status = 'running'`,
    );
    proxy.delay(20); // the resumed run outlasts the 50 ms before the second request
    const [resumed, concurrent] = await Promise.all([
      consolidate(),
      new Promise((resolve) => setTimeout(resolve, 50)).then(consolidate),
    ]);
    expect(resumed.statusCode, resumed.body).toBe(201);
    expect(concurrent.statusCode).toBe(409);
    const consolidation = resumed.json();
    expect(
      consolidation.transactions
        .filter((t: { kind: string }) => t.kind === 'gas_topup')
        .map((t: { txHash: string }) => t.txHash),
    ).toEqual(recorded.map((t) => t.tx_hash));
    await sweptOnce(addresses, gasBefore, treasuryBefore);
    const audit = await portal.db.query<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_type = 'consolidation' AND target_id = ${String(consolidation.id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['consolidation.start', 'consolidation.resume']);
  });

  it('by a stall past its lease: another request takes over; the stalled run records nothing more and answers 409', async () => {
    const addresses = await fundedAddresses(2);
    const [gasBefore, treasuryBefore] = [await nonceOf(gasWallet()), await chain.balanceOf(chain.treasury)];
    // Blocks stop: the run sends its top-ups and waits for their receipts.
    await chain.rpc('evm_setAutomine', [false]);
    const stalled = consolidate();
    for (let i = 0; i < 100; i += 1) {
      if (
        (await records()).filter(
          (t) =>
            t.kind === 'gas_topup' && t.status === 'sent' && addresses.some((a) => a.toLowerCase() === t.to_address),
        ).length === 2
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // It stalls past its lease (a frozen process): another request takes the lease over.
    await portal.db.query(
      sql`UPDATE consolidations SET leased_until = clock_timestamp() - interval '1 second' WHERE status = 'running'`,
    );
    const takeover = consolidate();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await chain.rpc('evm_setAutomine', [true]);
    await chain.mine(1);
    const [late, resumed] = await Promise.all([stalled, takeover]);
    expect(resumed.statusCode, resumed.body).toBe(201);
    expect(late.statusCode, late.body).toBe(409);
    expect(codeOf(late)).toBe('CONSOLIDATION_RUNNING');
    await sweptOnce(addresses, gasBefore, treasuryBefore);
  });
});

describe('a database error during a run', () => {
  it('is answered 500 and logged, not 503 CHAIN_UNAVAILABLE; the run resumes once the database takes its records', async () => {
    const addresses = await fundedAddresses(2);
    const [gasBefore, treasuryBefore] = [await nonceOf(gasWallet()), await chain.balanceOf(chain.treasury)];
    // The database refuses the sweeps' records (after the top-ups went through).
    await portal.db.query(
      sql`ALTER TABLE consolidation_txs ADD CONSTRAINT test_refuses_sweeps CHECK (kind <> 'sweep') NOT VALID`,
    );
    logLines.length = 0;
    let res: LightMyRequestResponse;
    try {
      res = await consolidate();
    } finally {
      await portal.db.query(sql`ALTER TABLE consolidation_txs DROP CONSTRAINT test_refuses_sweeps`);
    }
    expect(res.statusCode, res.body).toBe(500);
    expect(codeOf(res)).toBe('INTERNAL_ERROR');
    expect(logLines.join('')).toContain('test_refuses_sweeps');
    const running = (
      await portal.db.query<{ error: string }>(sql`SELECT error FROM consolidations WHERE status = 'running'`)
    ).rows;
    expect(running).toHaveLength(1);
    expect(running[0]!.error).not.toMatch(/chain|test_refuses_sweeps/i);

    // The lease was released: POST again resumes at once, tops up nothing twice.
    const again = await consolidate();
    expect(again.statusCode, again.body).toBe(201);
    await sweptOnce(addresses, gasBefore, treasuryBefore);
  });

  it('on the BEP20 wallets page is a 500 too, not a chain outage', async () => {
    await portal.db.query(sql`ALTER TABLE deposit_addresses RENAME TO deposit_addresses_away`);
    let res: LightMyRequestResponse;
    try {
      res = await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) });
    } finally {
      await portal.db.query(sql`ALTER TABLE deposit_addresses_away RENAME TO deposit_addresses`);
    }
    expect(res.statusCode, res.body).toBe(500);
    expect(codeOf(res)).toBe('INTERNAL_ERROR');
  });
});
