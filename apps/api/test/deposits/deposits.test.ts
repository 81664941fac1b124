import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { fromBaseUnits, toBaseUnits } from '@portal/contract';
import { createDepositWatcher, type DepositWatcher } from '../../src/deposits/watcher';
import { runJob, type RunningJob } from '../../src/shared/job-runner';
import { bearer, type Session, type TestPortal } from '../harness';
import type { RpcProxy, TestChain } from '../platform/chain/chain-helpers';
import { memberWithAddress, startDepositPortal, stopDepositPortal } from './deposit-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * BEP20 deposits against a real anvil started for this file (one block per
 * transaction; `finalized` lags the head by two blocks with one slot per
 * epoch), a real database and the real app.
 */
let chain: TestChain;
let portal: TestPortal;
let watcher: DepositWatcher;
let admin: Session;
/** The portal reaches its node through this proxy, so a test can make the node refuse things. */
let mainProxy: RpcProxy;
const logLines: string[] = [];

beforeAll(async () => {
  ({
    chain,
    proxy: mainProxy,
    portal,
    watcher,
    admin,
  } = await startDepositPortal({ logLines, logLevel: 'trace', adminTwoFactor: true }));
});

afterAll(async () => {
  if (process.env.DEPOSITS_LOG) (await import('node:fs')).writeFileSync(process.env.DEPOSITS_LOG, logLines.join(''));
  await stopDepositPortal({ watcher, portal, proxy: mainProxy, chain });
});

const member = () => memberWithAddress(portal);

async function myDeposits(session: Session) {
  const res = await portal.app.inject({ method: 'GET', url: '/api/deposits', headers: bearer(session) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Mines past finality (anvil's finalized = head - 2 here) and runs the watcher until it has nothing left. */
async function finalize() {
  await chain.mine(3);
  await watcher.tick();
}

const depositEntries = async (memberId?: number) =>
  Number(
    (
      await portal.db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM journal_entries e WHERE e.type = 'deposit' ${memberId ? sql`AND EXISTS (SELECT 1 FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = e.id AND a.owner_id = ${memberId})` : sql.empty}`,
      )
    ).rows[0]!.n,
  );

/** What the admin dashboard says of deposits and of the USDT the ledger holds on chain, in base units. */
async function dashboardMoney(): Promise<{ count: number; total: bigint; treasury: bigint }> {
  const res = await portal.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  const { deposits, treasury } = res.json<{ deposits: { count: number; total: string }; treasury: string }>();
  return { count: deposits.count, total: toBaseUnits(deposits.total), treasury: toBaseUnits(treasury) };
}

describe('deposit address', () => {
  it('is derived once per member, never changes, and names the token and network', async () => {
    const { session, address, info } = await member();
    expect(info.network).toBe('BNB Smart Chain (BEP20)');
    expect(info.token).toEqual({ symbol: 'USDT', address: chain.token, decimals: 18 });
    expect(info.uri).toBe(`ethereum:${chain.token}@${chain.chainId}/transfer?address=${address}`);
    expect(info.minimum).toBe('1.00');
    const again = await portal.app.inject({ method: 'GET', url: '/api/deposits/address', headers: bearer(session) });
    expect(again.json().address).toBe(address);
    const other = await member();
    expect(other.address).not.toBe(address);
  });
});

describe('the watcher', () => {
  creditedOnceTests();
  refusingNodeAndReorgTests();
});

function creditedOnceTests() {
  it('records a deposit when seen and credits it once after finality', async () => {
    const { session, address } = await member();
    const before = await dashboardMoney();
    await chain.send(address, '25');
    await watcher.tick();
    // Seen is not credited: the dashboard counts only what reached a wallet.
    expect(await dashboardMoney()).toEqual(before);
    let mine = await myDeposits(session);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ status: 'seen', amount: '25.00' });
    expect(mine.items[0].confirmations).toBeGreaterThanOrEqual(1);
    expect(mine.balance).toBe('0.00');

    await finalize();
    mine = await myDeposits(session);
    expect(mine.items[0]).toMatchObject({ status: 'credited', amount: '25.00' });
    expect(mine.items[0].explorerUrl).toBe(`https://explorer.test/tx/${mine.items[0].txHash}`);
    expect(mine.balance).toBe('25.00');
    const twentyFive = toBaseUnits('25');
    expect(await dashboardMoney()).toEqual({
      count: before.count + 1,
      total: before.total + twentyFive,
      treasury: before.treasury + twentyFive,
    });
    await watcher.tick();
    await finalize();
    expect((await myDeposits(session)).balance).toBe('25.00');
    expect(await depositEntries(session.user.id)).toBe(1);
  });

  it('replaying the block range and restarting the watcher credit nothing again', async () => {
    const { session, address } = await member();
    await chain.send(address, '10');
    await finalize();
    expect((await myDeposits(session)).balance).toBe('10.00');
    const credited = await depositEntries();

    // Replay everything from block 0 with a new watcher (another process's, after a restart).
    await watcher.release();
    await portal.db.query(sql`UPDATE chain_watch SET final_next = 0, seen_next = 0`);
    watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
    await watcher.tick();
    await finalize();
    expect(await depositEntries()).toBe(credited);
    expect((await myDeposits(session)).balance).toBe('10.00');
  });

  it('two transfers in one transaction (two log indexes) are two credits; one below the minimum is recorded, not credited', async () => {
    const a = await member();
    const b = await member();
    const hash = await chain.sendMany([
      [a.address, '5'],
      [b.address, '7'],
      [a.address, '0.5'],
    ]);
    await finalize();
    const mineA = await myDeposits(a.session);
    expect(
      mineA.items.map((d: { status: string; amount: string; txHash: string }) => [d.status, d.amount, d.txHash]),
    ).toEqual([
      ['below_minimum', '0.50', hash],
      ['credited', '5.00', hash],
    ]);
    expect(mineA.balance).toBe('5.00');
    expect((await myDeposits(b.session)).balance).toBe('7.00');
  });

  it('many deposits in one range are credited set-based, each exactly once, one wallet line per member', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => member()));
    // 24 transfers in one transaction: two to each member (more than BULK_FROM).
    const hash = await chain.sendMany(
      people.flatMap((p, i) => [[p.address, `${i + 1}`] as [Address, string], [p.address, '1.5'] as [Address, string]]),
    );
    await finalize();
    for (const [i, p] of people.entries()) {
      const mine = await myDeposits(p.session);
      expect(mine.items.map((d: { status: string; txHash: string }) => [d.status, d.txHash])).toEqual([
        ['credited', hash],
        ['credited', hash],
      ]);
      expect(mine.balance).toBe(fromBaseUnits(toBaseUnits(`${i + 1}`) + toBaseUnits('1.5')));
    }
    await watcher.release();
    await portal.db.query(sql`UPDATE chain_watch SET final_next = 0, seen_next = 0`);
    watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
    await finalize();
    expect((await myDeposits(people[0]!.session)).balance).toBe('2.50');
  });
}

function refusingNodeAndReorgTests() {
  it('reads narrower ranges when the node refuses a wide one, and credits what they hold', async () => {
    const { session, address } = await member();
    await chain.send(address, '6');
    await watcher.release();
    await portal.db.query(sql`UPDATE chain_watch SET final_next = 0, seen_next = 0`);
    watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
    mainProxy.limitLogRange(4);
    try {
      await chain.mine(3);
      for (let i = 0; i < 20; i += 1) await watcher.tick();
    } finally {
      mainProxy.limitLogRange(null);
    }
    expect((await myDeposits(session)).balance).toBe('6.00');
  });

  it('a deposit reorganised away before finality is dropped and never credited', async () => {
    const { session, address } = await member();
    const snapshot = await chain.snapshot();
    const height = await chain.blockNumber();
    await chain.send(address, '40');
    await watcher.tick();
    expect((await myDeposits(session)).items[0].status).toBe('seen');
    const seenBlock = (await chain.client.getBlock({ blockNumber: height + 1n })).hash;

    await chain.revert(snapshot);
    await chain.mine(1); // a different block at the same height, without the transfer
    expect((await chain.client.getBlock({ blockNumber: height + 1n })).hash).not.toBe(seenBlock);
    await finalize();
    await finalize();
    const mine = await myDeposits(session);
    expect(mine.items[0].status).toBe('dropped');
    expect(mine.balance).toBe('0.00');
    expect(await depositEntries(session.user.id)).toBe(0);
  });

  it('a deposit moved to another block by anvil_reorg is credited once, in its new block', async () => {
    const { session, address } = await member();
    await chain.send(address, '3');
    await watcher.tick();
    expect((await myDeposits(session)).items[0].status).toBe('seen');
    // Replace the last block with a new one holding the same transfer (same sender, nonce and fields: the same transaction).
    const [sent] = (await myDeposits(session)).items;
    const original = await chain.client.getTransaction({ hash: sent.txHash });
    const oldHash = (await chain.client.getBlock({ blockNumber: original.blockNumber })).hash;
    const raw = await chain.rpc<string>('eth_getRawTransactionByHash', [sent.txHash]);
    await chain.rpc('anvil_reorg', [1, [[raw, 0]]]);
    const moved = await chain.client.getTransaction({ hash: sent.txHash });
    expect((await chain.client.getBlock({ blockNumber: moved.blockNumber })).hash).not.toBe(oldHash);
    await finalize();
    await finalize();
    const mine = await myDeposits(session);
    expect(mine.balance).toBe('3.00');
    expect(mine.items.filter((d: { status: string }) => d.status === 'credited')).toHaveLength(1);
  });
}

describe('a node that goes away', () => {
  it('is retried with back-off, reported in /api/health, and caught up with', async () => {
    const { session, address } = await member();
    // The background loop of main.ts, in place of the test's hand-driven watcher.
    await watcher.release();
    const background = createDepositWatcher(portal.ctx, portal.ctx.chain!);
    const health = async () => (await portal.app.inject({ method: 'GET', url: '/api/health' })).json();
    let running: RunningJob | undefined;
    try {
      await background.tick();
      mainProxy.down();
      running = runJob(portal.ctx.log, background);
      await chain.send(address, '12');
      await chain.mine(3);
      await expect.poll(async () => (await health()).chain.status, { timeout: 15_000 }).toBe('unreachable');
      const down = await health();
      expect(down.status).toBe('ok');
      expect(down.chain.lastError).toBeTruthy();
      expect(down.chain.lastError).not.toContain(mainProxy.url);
      // A page that needs the chain answers 503, not 500.
      const page = await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) });
      expect(page.statusCode).toBe(503);
      expect(page.json().code).toBe('CHAIN_UNAVAILABLE');

      mainProxy.up();
      await expect.poll(async () => (await myDeposits(session)).balance, { timeout: 20_000 }).toBe('12.00');
      await expect.poll(async () => (await health()).chain.status, { timeout: 10_000 }).toBe('ok');
    } finally {
      mainProxy.up();
      await running?.stop();
      watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
    }
  });
});

describe('consolidation and the BEP20 wallets page', () => {
  it('reconciles the ledger with the chain, explains deposits not yet final, flags what is not explained', async () => {
    const wallets = async () => {
      const res = await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    await finalize();
    let page = await wallets();
    expect(page.reconciliation).toMatchObject({ balanced: true, unexplained: '0.00' });
    expect(page.items.slice(0, 3).map((w: { role: string }) => w.role)).toEqual(['treasury', 'gas', 'hot']);

    const { address } = await member();
    await chain.send(address, '8');
    await watcher.tick();
    page = await wallets();
    expect(page.reconciliation.explained.depositsNotFinal).toBe('8.00');
    expect(page.reconciliation.balanced).toBe(true);
    await finalize();
    expect((await wallets()).reconciliation.balanced).toBe(true);

    // The books of a period that ends today carry the same reconciliation, its treasury the line's closing debit.
    const today = portal.clock.now.toISOString().slice(0, 10);
    const books = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/books/trial-balance?from=${today}&to=${today}`,
      headers: bearer(admin),
    });
    expect(books.statusCode, books.body).toBe(200);
    const { chain: beside, lines } = books.json();
    expect(beside).toMatchObject({ state: 'read', reconciliation: { balanced: true, unexplained: '0.00' } });
    const treasury = lines.find((line: { code: string }) => line.code === 'treasury');
    expect(treasury.closingDebit).toBe(beside.reconciliation.expected);
    const past = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/books/trial-balance?from=2020-01-01&to=2020-01-31',
      headers: bearer(admin),
    });
    expect(past.json().chain).toEqual({ state: 'past' });
  });

  it('sweeps every deposit address over the threshold to the treasury; a rerun after a failure neither loses nor double-sends', async () => {
    const before = await chain.balanceOf(chain.treasury);
    const depositAddresses = (
      await portal.db.query<{ address: string }>(
        sql`SELECT DISTINCT address FROM deposits WHERE status IN ('credited', 'below_minimum')`,
      )
    ).rows.map((r) => r.address as Address);
    const onAddresses = (await Promise.all(depositAddresses.map((a) => chain.balanceOf(a)))).reduce(
      (a, b) => a + b,
      0n,
    );
    expect(onAddresses).toBeGreaterThan(0n);

    // The node refuses raw transactions: the run stops with its signed top-ups recorded, left running.
    mainProxy.refuse(['eth_sendRawTransaction']);
    const failed = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/consolidations',
      headers: bearer(admin),
    });
    expect(failed.statusCode).toBe(503);
    const recorded = (
      await portal.db.query<{ tx_hash: string; status: string; kind: string }>(
        sql`SELECT tx_hash, status, kind FROM consolidation_txs ORDER BY id`,
      )
    ).rows;
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((t) => t.kind === 'gas_topup' && t.status === 'signed')).toBe(true);
    expect(await chain.balanceOf(chain.treasury)).toBe(before);

    // The rerun sends exactly what was recorded, then sweeps.
    mainProxy.refuse([]);
    const res = await portal.app.inject({ method: 'POST', url: '/api/admin/consolidations', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(201);
    const consolidation = res.json();
    expect(consolidation.status).toBe('completed');
    expect(
      consolidation.transactions
        .filter((t: { kind: string }) => t.kind === 'gas_topup')
        .map((t: { txHash: string }) => t.txHash),
    ).toEqual(recorded.map((t) => t.tx_hash));
    expect(consolidation.transactions.every((t: { status: string }) => t.status === 'confirmed')).toBe(true);
    const sweeps = consolidation.transactions.filter((t: { kind: string }) => t.kind === 'sweep');
    expect(sweeps.length).toBe(recorded.length);
    expect(new Set(sweeps.map((t: { fromAddress: string }) => t.fromAddress)).size).toBe(sweeps.length);
    // Addresses under the threshold (10 USDT) stay.
    const after = await chain.balanceOf(chain.treasury);
    const swept = sweeps.reduce((sum: bigint, t: { amount: string }) => sum + toBaseUnits(t.amount), 0n);
    expect(consolidation.totalSwept).toBe(fromBaseUnits(swept));
    expect(after - before).toBe(swept);
    for (const t of sweeps) expect(await chain.balanceOf(t.fromAddress as Address)).toBe(0n);

    // A second run finds nothing new to sweep.
    const again = (
      await portal.app.inject({ method: 'POST', url: '/api/admin/consolidations', headers: bearer(admin) })
    ).json();
    expect(again.transactions).toHaveLength(0);
    expect(await chain.balanceOf(chain.treasury)).toBe(after);

    const history = (
      await portal.app.inject({ method: 'GET', url: '/api/admin/consolidations', headers: bearer(admin) })
    ).json();
    expect(history.items).toHaveLength(2);
    expect(history.items[1].id).toBe(consolidation.id);
    const wallets = (
      await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) })
    ).json();
    expect(wallets.reconciliation.balanced).toBe(true);
    expect(wallets.items[0].token).toBe(wallets.reconciliation.treasury);
  });

  it('flags tokens on chain that the ledger cannot explain', async () => {
    await chain.send(chain.treasury, '1');
    const page = (
      await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) })
    ).json();
    expect(page.reconciliation).toMatchObject({ balanced: false, unexplained: '1.00' });
  });
});

describe('admin deposit history', () => {
  it('filters by member and status and exports CSV', async () => {
    const { session, address } = await member();
    await chain.send(address, '2');
    await finalize();
    const res = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/deposits?member=${session.user.username}&status=credited`,
      headers: bearer(admin),
    });
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ amount: '2.00', member: { username: session.user.username } });
    const csv = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/deposits?format=csv&member=${session.user.username}`,
      headers: bearer(admin),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain(`${session.user.username},2.00,credited`);
    const asMember = await portal.app.inject({ method: 'GET', url: '/api/admin/deposits', headers: bearer(session) });
    expect(asMember.statusCode).toBe(403);
  });
});

describe('secrets', () => {
  it('never reach a log line', () => {
    const text = logLines.join('');
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of chain.secrets) expect(text).not.toContain(secret);
  });
});
