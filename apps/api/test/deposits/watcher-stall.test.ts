import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBaseUnits, toBaseUnits, type Reconciliation } from '@portal/contract';
import { encodeFunctionData, erc20Abi, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_DEV_KEY } from '../../src/platform/chain/anvil';
import { createDepositWatcher, type DepositWatcher } from '../../src/deposits/watcher';
import { sql } from '../../src/platform/db/sql';
import { bearer, startPortal, type Session, type TestPortal } from '../harness';
import type { RpcProxy, TestChain } from '../platform/chain/chain-helpers';
import { memberWithAddress, startDepositPortalAhead, stopDepositPortal } from './deposit-helpers';

/**
 * A node that falls behind the watcher's cursor or whose chain changes
 * under it (deposits/watch-guard.ts, docs/decisions/0012), and a
 * reconciliation that counts every issued deposit address, against a real
 * anvil started for this file (`finalized` = head - 2).
 */
let chain: TestChain;
let portal: TestPortal;
let watcher: DepositWatcher;
let admin: Session;
let proxy: RpcProxy;
/** The watcher's CHAIN_START_BLOCK: ahead of the chain when the portal starts. */
let startBlock: bigint;

beforeAll(async () => {
  ({ chain, proxy, portal, watcher, admin, startBlock } = await startDepositPortalAhead(6n));
});

afterAll(async () => {
  await stopDepositPortal({ watcher, portal, proxy, chain });
});

const member = () => memberWithAddress(portal);

async function myDeposits(session: Session) {
  const res = await portal.app.inject({ method: 'GET', url: '/api/deposits', headers: bearer(session) });
  expect(res.statusCode).toBe(200);
  return res.json<{ balance: string; items: Array<{ status: string; amount: string; txHash: string }> }>();
}

async function health() {
  const res = await portal.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function reconciliation() {
  const res = await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reconciliation as Reconciliation;
}

const cursor = async () =>
  BigInt((await portal.db.query<{ n: string }>(sql`SELECT final_next::text AS n FROM chain_watch`)).rows[0]!.n);

const depositEntries = async (memberId: number) =>
  (
    await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM journal_entries e WHERE e.type = 'deposit'
           AND EXISTS (SELECT 1 FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = e.id AND a.owner_id = ${memberId})`,
    )
  ).rows[0]!.n;

/** Mines past finality and lets the watcher read. */
async function finalize(blocks = 3) {
  await chain.mine(blocks);
  await watcher.tick();
}

describe('the reconciliation', () => {
  it('counts tokens at an issued deposit address that the watcher never recorded (sent before its start block)', async () => {
    const before = await reconciliation();
    expect(before).toMatchObject({ balanced: true, unexplained: '0.00' });
    const { session, address } = await member();
    await chain.send(address, '4');
    expect(await chain.blockNumber()).toBeLessThan(startBlock);
    await finalize(10);
    await finalize();
    // Nothing recorded: the transfer lies before CHAIN_START_BLOCK.
    expect((await myDeposits(session)).items).toHaveLength(0);
    expect(await cursor()).toBeGreaterThan(startBlock);
    const after = await reconciliation();
    expect(after).toMatchObject({ balanced: false, unexplained: '4.00', depositAddresses: '4.00' });
    // And says where they are.
    expect(after.unrecorded).toEqual({
      total: '4.00',
      count: 1,
      addresses: [{ address, member: { id: session.user.id, username: session.user.username }, amount: '4.00' }],
    });
    // The watcher is not stalled by it.
    expect((await health()).chain).toMatchObject({ status: 'ok', stall: null });
  });

  it('stops naming an address as soon as the watcher records its deposit, without waiting for another block', async () => {
    const { address } = await member();
    await chain.send(address, '2');
    const block = await chain.blockNumber();
    const before = await reconciliation();
    expect(before.unrecorded.addresses.map((a) => a.address)).toContain(address);
    // The watcher records the transfer as seen at the head; no block is mined.
    await watcher.tick();
    expect(await chain.blockNumber()).toBe(block);
    const after = await reconciliation();
    expect(after.explained.depositsNotFinal).toBe('2.00');
    expect(after.unrecorded.addresses.map((a) => a.address)).not.toContain(address);
    expect(after.unrecorded.count).toBe(before.unrecorded.count - 1);
    expect(after.unrecorded.total).toBe(fromBaseUnits(toBaseUnits(before.unrecorded.total) - toBaseUnits('2')));
    await finalize();
  });
});

describe('the reconciliation over many addresses', () => {
  it('reads every issued address in batched requests, not one per member, and once per block', async () => {
    const issued = 30;
    await Promise.all(Array.from({ length: issued }, () => member()));
    const total = (await portal.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM deposit_addresses`)).rows[0]!
      .n;
    const before = proxy.counts();
    await reconciliation();
    const first = proxy.counts();
    const firstCalls = (first.calls.eth_call ?? 0) - (before.calls.eth_call ?? 0);
    // balanceOf of every issued address (and the page's own rows), in a handful of HTTP requests.
    expect(firstCalls).toBeGreaterThanOrEqual(total);
    expect(first.requests - before.requests).toBeLessThan(10);
    // No block mined since: the deposit addresses' sum is kept, only the page's rows and the fixed wallets are read.
    await reconciliation();
    const second = proxy.counts();
    expect((second.calls.eth_call ?? 0) - (first.calls.eth_call ?? 0)).toBeLessThanOrEqual(firstCalls - total);
  });
});

describe('a node behind the cursor (the embedded chain lost its last seconds)', () => {
  it('is reported, credits nothing wrongly, reads the blocks again and credits a new deposit below the old cursor exactly once', async () => {
    const a = await member();
    const b = await member();
    const unexplained = (await reconciliation()).unexplained;
    await finalize();
    const lost = await chain.snapshot();
    const height = await chain.blockNumber();
    await chain.send(a.address, '10');
    await finalize();
    await finalize(5);
    expect((await myDeposits(a.session)).balance).toBe('10.00');
    const read = (await cursor()) - 1n;
    expect(read).toBeGreaterThan(height + 1n);

    // The chain loses everything since the snapshot: its head is now below what the watcher has read.
    await chain.revert(lost);
    expect(await chain.blockNumber()).toBe(height);
    await watcher.tick();
    const stalled = (await health()).chain;
    expect(stalled.status).toBe('stalled');
    expect(stalled.stall).toMatchObject({ reason: 'behind', cursorBlock: String(read), resolvedAt: null });
    expect(BigInt(stalled.stall.rescanFrom)).toBeLessThanOrEqual(height - 1n);
    expect(stalled.stall.message).toContain(`had already read up to block ${read}`);
    expect(stalled.stall.message).toContain('resumes by itself');
    expect(await cursor()).toBeLessThanOrEqual(height - 1n);
    // What was credited stays credited, once; nothing new is credited.
    expect((await myDeposits(a.session)).balance).toBe('10.00');
    expect(await depositEntries(a.session.user.id)).toBe(1);

    // The node mines new, different blocks at the same heights: a deposit to b below the old cursor.
    await chain.send(b.address, '7');
    expect(await chain.blockNumber()).toBeLessThan(read);
    await finalize();
    expect((await health()).chain.status).toBe('stalled'); // still below the old cursor
    expect((await myDeposits(b.session)).balance).toBe('7.00');
    await finalize(Number(read - (await chain.blockNumber())) + 3);
    await watcher.tick();
    await finalize();

    const resumed = (await health()).chain;
    expect(resumed.status).toBe('ok');
    expect(resumed.stall).toMatchObject({ reason: 'behind', cursorBlock: String(read) });
    expect(resumed.stall.resolvedAt).toBeTruthy();
    expect(resumed.stall.message).toMatch(/^Resolved/);
    expect((await myDeposits(b.session)).items.map((d) => d.status)).toEqual(['credited']);
    expect(await depositEntries(b.session.user.id)).toBe(1);
    expect((await myDeposits(a.session)).balance).toBe('10.00');
    expect(await depositEntries(a.session.user.id)).toBe(1);

    // a's credited 10 are no longer on chain: the reconciliation says so.
    const r = await reconciliation();
    expect(r.balanced).toBe(false);
    expect(r.unexplained).toBe(fromBaseUnits(toBaseUnits(unexplained) - toBaseUnits('10')));
  });
});

describe('a chain changed under the cursor', () => {
  it("reads again from the last block both agree on, crediting the new chain's deposit once", async () => {
    const c = await member();
    const d = await member();
    const unexplained = (await reconciliation()).unexplained;
    await finalize();
    const agreed = (await cursor()) - 1n;
    await chain.send(c.address, '5');
    await finalize();
    await finalize();
    expect((await myDeposits(c.session)).balance).toBe('5.00');
    const read = (await cursor()) - 1n;
    const head = await chain.blockNumber();

    // Replace every block above `agreed` (final ones included) with new ones: c's transfer is gone, one to d is in.
    const dev = privateKeyToAccount(ANVIL_DEV_KEY).address;
    const transfer = {
      from: dev,
      to: chain.token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [d.address, parseUnits('9', 18)] }),
    };
    await chain.rpc('anvil_reorg', [Number(head - agreed), [[transfer, 1]]]);
    expect(await chain.blockNumber()).toBe(head);
    await watcher.tick();

    const status = (await health()).chain;
    expect(status.stall).toMatchObject({
      reason: 'changed',
      cursorBlock: String(read),
      rescanFrom: String(agreed + 1n),
    });
    // The rescan reached past the old cursor within the tick: resolved at once, and said so in words.
    expect(status.status).toBe('ok');
    expect(status.stall.resolvedAt).toBeTruthy();
    expect(status.stall.message).toContain(`the chain changed under block ${read}, which the portal had already read`);
    await finalize();
    await finalize();
    expect((await health()).chain.status).toBe('ok');
    expect((await health()).chain.stall.resolvedAt).toBeTruthy();
    expect((await myDeposits(d.session)).items.map((x) => [x.status, x.amount])).toEqual([['credited', '9.00']]);
    expect(await depositEntries(d.session.user.id)).toBe(1);
    expect((await myDeposits(c.session)).balance).toBe('5.00');
    expect(await depositEntries(c.session.user.id)).toBe(1);
    await finalize();
    expect(await depositEntries(d.session.user.id)).toBe(1);
    const r = await reconciliation();
    // c's credited 5 are gone from the chain; d's 9 are on it and credited.
    expect(r.unexplained).toBe(fromBaseUnits(toBaseUnits(unexplained) - toBaseUnits('5')));
  });
});

describe("no recorded block on the node's chain", () => {
  it('reads again from CHAIN_START_BLOCK, crediting nothing twice', async () => {
    const e = await member();
    await chain.send(e.address, '3');
    await finalize();
    await finalize();
    expect(await depositEntries(e.session.user.id)).toBe(1);
    const read = (await cursor()) - 1n;
    // As if every block the watcher recorded were from another chain.
    await portal.db.query(sql`UPDATE chain_watch_blocks SET block_hash = '0x' || repeat('ab', 32)`);
    await watcher.tick();
    const status = (await health()).chain;
    expect(status.stall).toMatchObject({
      reason: 'changed',
      cursorBlock: String(read),
      rescanFrom: String(startBlock),
    });
    await finalize();
    await finalize();
    expect((await health()).chain.status).toBe('ok');
    expect(await depositEntries(e.session.user.id)).toBe(1);
    expect((await myDeposits(e.session)).balance).toBe('3.00');
  });
});

describe("no recorded block on the node's chain, and no CHAIN_START_BLOCK", () => {
  it('credits nothing and says so until the node serves the chain read again', async () => {
    const env: Record<string, string> = { ...chain.env, CHAIN_RPC_URL: proxy.url };
    delete env.CHAIN_START_BLOCK;
    const other = await startPortal(env);
    const otherWatcher = createDepositWatcher(other.ctx, other.ctx.chain!);
    const status = async () => (await other.app.inject({ method: 'GET', url: '/api/health' })).json().chain;
    try {
      for (let i = 0; i < 3; i += 1) {
        await chain.mine(3);
        await otherWatcher.tick();
      }
      const before = (await other.db.query<{ final_next: string }>(sql`SELECT final_next::text FROM chain_watch`))
        .rows[0]!.final_next;
      const recorded = (
        await other.db.query<{ block_number: string; block_hash: string }>(
          sql`SELECT block_number::text, block_hash FROM chain_watch_blocks`,
        )
      ).rows;
      expect(recorded.length).toBeGreaterThan(1);
      await other.db.query(sql`UPDATE chain_watch_blocks SET block_hash = '0x' || repeat('cd', 32)`);
      await chain.mine(3);
      await otherWatcher.tick();
      await otherWatcher.tick();
      const stalled = await status();
      expect(stalled).toMatchObject({
        status: 'stalled',
        stall: { reason: 'changed', rescanFrom: null, resolvedAt: null },
      });
      expect(stalled.stall.message).toContain('set CHAIN_START_BLOCK');
      // The cursor waits where it was.
      expect(
        (await other.db.query<{ final_next: string }>(sql`SELECT final_next::text FROM chain_watch`)).rows[0]!
          .final_next,
      ).toBe(before);

      // The node serves the chain the watcher read again: it resumes by itself.
      for (const r of recorded)
        await other.db.query(
          sql`UPDATE chain_watch_blocks SET block_hash = ${r.block_hash} WHERE block_number = ${r.block_number}`,
        );
      await otherWatcher.tick();
      const resumed = await status();
      expect(resumed.status).toBe('ok');
      expect(resumed.stall.resolvedAt).toBeTruthy();
    } finally {
      await otherWatcher.release();
      await other.close();
    }
  });
});
