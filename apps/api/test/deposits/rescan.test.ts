import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import type { Rescan, RescanPage } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { recordChunk } from '../../src/deposits/rescan/chunk';
import { createRescanRunner, type RescanRunner } from '../../src/deposits/rescan/job';
import { watchKeyOf } from '../../src/deposits/watch-cursor';
import { bearer, errorOf, type Session } from '../harness';
import { memberWithAddress, startDepositPortalAhead, stopDepositPortal } from './deposit-helpers';

/**
 * The admin's rescan of a block range (deposits/rescan/) against a real
 * anvil (`finalized` = head - 2) whose watcher starts 40 blocks ahead of the
 * chain (CHAIN_START_BLOCK), so the first deposits are ones it never reads.
 * The rescan job is driven by hand (`createRescanRunner`), with small chunks
 * where a test follows its progress chunk by chunk.
 */
let setup: Awaited<ReturnType<typeof startDepositPortalAhead>>;
const runners: RescanRunner[] = [];

beforeAll(async () => {
  setup = await startDepositPortalAhead(40n);
});

afterAll(async () => {
  for (const runner of runners) await runner.release();
  await stopDepositPortal(setup);
});

const member = () => memberWithAddress(setup.portal);
const runner = (options: Parameters<typeof createRescanRunner>[2] = {}) => {
  const made = createRescanRunner(setup.portal.ctx, setup.portal.ctx.chain!, options);
  runners.push(made);
  return made;
};

const post = (url: string, payload?: object) =>
  setup.portal.app.inject({ method: 'POST', url, headers: bearer(setup.admin), ...(payload ? { payload } : {}) });
const start = (fromBlock: bigint | string, toBlock: bigint | string) =>
  post('/api/admin/deposit-rescans', { fromBlock: String(fromBlock), toBlock: String(toBlock) });

async function started(fromBlock: bigint, toBlock: bigint): Promise<Rescan> {
  const res = await start(fromBlock, toBlock);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Rescan>();
}

async function read(id: number): Promise<Rescan> {
  const res = await setup.portal.app.inject({
    method: 'GET',
    url: `/api/admin/deposit-rescans/${id}`,
    headers: bearer(setup.admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Rescan>();
}

/** Passes until no block is left. */
async function runToEnd(run: RescanRunner): Promise<void> {
  for (let i = 0; i < 100 && (await run.pass()).more; i += 1);
}

async function balance(session: Session): Promise<string> {
  const res = await setup.portal.app.inject({ method: 'GET', url: '/api/deposits', headers: bearer(session) });
  expect(res.statusCode).toBe(200);
  return res.json<{ balance: string }>().balance;
}

const blockOf = async (hash: Hex) => (await setup.chain.client.getTransactionReceipt({ hash })).blockNumber;
const finalBlock = async () => (await setup.chain.blockNumber()) - 2n;

/** The ledger entries crediting deposits of this transaction. */
const entriesOf = async (txHash: string) =>
  (
    await setup.portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE type = 'deposit' AND refs->>'txHash' = ${txHash}`,
    )
  ).rows[0]!.n;

describe('an admin rescan of a block range', () => {
  creditAndRefusalTests();
  progressAndCancelTests();
  chunkFailureAndRaceTests();
});

function creditAndRefusalTests() {
  it('finds and credits a transfer the watcher never read, once; rescanning the range again credits nothing twice', async () => {
    const { session, address } = await member();
    const small = await member();
    const hash = await setup.chain.send(address, '25');
    const below = await setup.chain.send(small.address, '0.5');
    await setup.chain.mine(3);
    await setup.watcher.tick();
    expect(await balance(session)).toBe('0.00');
    const from = await blockOf(hash);
    const to = await finalBlock();
    expect(to).toBeLessThan(setup.startBlock);

    const first = await started(from, to);
    expect(first).toMatchObject({ status: 'running', nextBlock: String(from), blocksDone: 0, found: 0 });
    expect(first.blocksTotal).toBe(Number(to - from + 1n));
    await runToEnd(runner());
    const done = await read(first.id);
    expect(done).toMatchObject({ status: 'done', found: 2, credited: 1, held: 0, belowMinimum: 1, error: null });
    expect(done.blocksDone).toBe(done.blocksTotal);
    expect(done.finishedAt).not.toBeNull();
    expect(await balance(session)).toBe('25.00');
    expect(await balance(small.session)).toBe('0.00');

    const again = await started(from, to);
    await runToEnd(runner());
    expect(await read(again.id)).toMatchObject({ status: 'done', found: 2, credited: 0, belowMinimum: 0 });
    expect(await balance(session)).toBe('25.00');
    expect(await entriesOf(hash)).toBe(1);
    expect(await entriesOf(below)).toBe(0);

    // A recovery of the same transaction finds it credited.
    const recovery = await post('/api/admin/deposits/recover', { txHash: hash });
    expect(recovery.json()).toMatchObject({ outcome: 'already_credited' });

    const { rows: audit } = await setup.portal.db.query<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action IN ('deposit_rescan.start', 'deposit.rescan') ORDER BY id`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'deposit_rescan.start',
      'deposit.rescan',
      'deposit.rescan',
      'deposit_rescan.start',
    ]);

    const list = await setup.portal.app.inject({
      method: 'GET',
      url: '/api/admin/deposit-rescans',
      headers: bearer(setup.admin),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<RescanPage>().items.map((r) => r.id)).toEqual([again.id, first.id]);
  });

  it('refuses a range over the bound, beyond the final block, reversed or malformed, and a second while one runs', async () => {
    await setup.chain.mine(6);
    const final = await finalBlock();
    const tooLarge = await start(0n, 100_000n);
    expect(tooLarge.statusCode).toBe(422);
    expect(errorOf(tooLarge)).toMatchObject({ code: 'RESCAN_RANGE_TOO_LARGE', field: 'toBlock' });
    expect(errorOf(tooLarge).message).toContain('at most 100,000');

    const beyond = await start(final - 1n, final + 1n);
    expect(beyond.statusCode).toBe(422);
    expect(errorOf(beyond)).toMatchObject({ code: 'RESCAN_NOT_FINAL', field: 'toBlock' });
    expect(errorOf(beyond).message).toContain(`the node's final block is ${final}`);

    const reversed = await start(final, final - 1n);
    expect(reversed.statusCode).toBe(422);
    expect(errorOf(reversed).code).toBe('RESCAN_RANGE_INVALID');

    for (const [fromBlock, toBlock] of [
      ['-1', '5'],
      ['0x10', '20'],
      ['1', '1e3'],
    ]) {
      const malformed = await start(fromBlock!, toBlock!);
      expect(malformed.statusCode, `${fromBlock}..${toBlock}`).toBe(400);
      expect(errorOf(malformed).code).toBe('VALIDATION_ERROR');
    }

    const running = await started(final - 5n, final);
    const second = await start(final - 3n, final);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('RESCAN_RUNNING');
    expect(errorOf(second).message).toContain(`Rescan #${running.id}`);
    await runToEnd(runner());
    expect((await read(running.id)).status).toBe('done');
    // Two admins at the same moment: one starts, the other is told one runs.
    const racing = await Promise.all([start(final - 3n, final), start(final - 2n, final)]);
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    await runToEnd(runner());
  });
}

function progressAndCancelTests() {
  it('commits its progress chunk by chunk: a process stopped mid-way is taken over where it stopped', async () => {
    const a = await member();
    const b = await member();
    const first = await setup.chain.send(a.address, '7');
    await setup.chain.mine(4);
    const last = await setup.chain.send(b.address, '8');
    await setup.chain.mine(3);
    const from = await blockOf(first);
    const to = await blockOf(last);
    expect(to - from).toBeGreaterThanOrEqual(4n);

    const rescan = await started(from, to);
    const stopped = runner({ chunk: 2n, chunksPerPass: 1 });
    expect(await stopped.pass()).toMatchObject({ worked: true, chunks: 1, more: true });
    expect(await read(rescan.id)).toMatchObject({ nextBlock: String(from + 2n), blocksDone: 2, found: 1, credited: 1 });
    expect(await balance(a.session)).toBe('7.00');

    // The first process is gone, its lease held: another waits until it runs out, then resumes at the committed block.
    const other = runner({ chunk: 2n, chunksPerPass: 1 });
    expect((await other.pass()).worked).toBe(false);
    await setup.portal.db.query(
      sql`UPDATE deposit_rescans SET leased_until = now() - interval '1 second' WHERE id = ${rescan.id}`,
    );
    expect(await other.pass()).toMatchObject({ worked: true, chunks: 1 });
    // The first process, had it only stalled, records nothing once its lease is another's (the fence, chunk.ts).
    const key = watchKeyOf(setup.portal.ctx.chain!);
    const next = from + 4n;
    expect(
      await recordChunk(setup.portal.db, key, { id: rescan.id, holder: stopped.holder }, next, next, [], 18),
    ).toBeNull();
    expect((await read(rescan.id)).nextBlock).toBe(String(next));
    await runToEnd(other);
    expect(await read(rescan.id)).toMatchObject({ status: 'done', found: 2, credited: 2 });
    expect(await balance(a.session)).toBe('7.00');
    expect(await balance(b.session)).toBe('8.00');
    expect(await entriesOf(first)).toBe(1);
    // The stopped process waking finds nothing to do.
    expect((await stopped.pass()).worked).toBe(false);
  });

  it('cancel stops it after the chunk it records; a finished or unknown rescan is refused', async () => {
    const { session, address } = await member();
    await setup.chain.mine(3);
    const late = await setup.chain.send(address, '3');
    await setup.chain.mine(3);
    const to = await blockOf(late);
    const rescan = await started(to - 6n, to);
    const run = runner({ chunk: 2n, chunksPerPass: 1 });
    expect((await run.pass()).chunks).toBe(1);

    const cancelled = await post(`/api/admin/deposit-rescans/${rescan.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Rescan>()).toMatchObject({ status: 'cancelled', nextBlock: String(to - 4n), blocksDone: 2 });
    expect(await run.pass()).toMatchObject({ worked: false, chunks: 0 });
    expect((await read(rescan.id)).nextBlock).toBe(String(to - 4n));
    expect(await balance(session)).toBe('0.00');

    const twice = await post(`/api/admin/deposit-rescans/${rescan.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('RESCAN_NOT_RUNNING');
    const unknown = await post('/api/admin/deposit-rescans/999999/cancel');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('RESCAN_NOT_FOUND');
    const { rows } = await setup.portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'deposit_rescan.cancel' AND target_id = ${String(rescan.id)}`,
    );
    expect(rows[0]!.n).toBe(1);
    // A new rescan of the range credits it.
    const again = await started(to - 6n, to);
    await runToEnd(runner());
    expect(await read(again.id)).toMatchObject({ status: 'done', credited: 1 });
    expect(await balance(session)).toBe('3.00');
  });

  it('holds a deposit from a sender on the screening list, as the watcher does', async () => {
    const { session, address } = await member();
    const hash = await setup.chain.send(address, '9');
    await setup.chain.mine(3);
    const { from: sender } = await setup.chain.client.getTransactionReceipt({ hash });
    const { rows } = await setup.portal.db.query<{ id: number }>(
      sql`INSERT INTO screened_addresses (address, source, reason) VALUES (${sender.toLowerCase()}, 'admin', 'test listing') RETURNING id`,
    );
    try {
      const block = await blockOf(hash);
      const rescan = await started(block, block);
      await runToEnd(runner());
      expect(await read(rescan.id)).toMatchObject({ status: 'done', found: 1, credited: 0, held: 1 });
    } finally {
      await setup.portal.db.query(
        sql`UPDATE screened_addresses SET removed_at = now(), removal_reason = 'test over' WHERE id = ${rows[0]!.id}`,
      );
    }
    expect(await balance(session)).toBe('0.00');
    const { rows: held } = await setup.portal.db.query<{ status: string; hold_reason: string }>(
      sql`SELECT status, hold_reason FROM deposits WHERE tx_hash = ${hash}`,
    );
    expect(held).toEqual([{ status: 'held', hold_reason: 'Sender on the screening list: test listing' }]);
  });
}

function chunkFailureAndRaceTests() {
  it('reads a chunk the node refuses as too large in halves, and credits what they hold', async () => {
    const { session, address } = await member();
    await setup.chain.mine(5); // no earlier deposit in the range
    const hash = await setup.chain.send(address, '6');
    await setup.chain.mine(3);
    const block = await blockOf(hash);
    const rescan = await started(block - 4n, block + 1n);
    setup.proxy.limitLogRange(2);
    try {
      await runToEnd(runner());
    } finally {
      setup.proxy.limitLogRange(null);
    }
    expect(await read(rescan.id)).toMatchObject({ status: 'done', found: 1, credited: 1, blocksDone: 6 });
    expect(await balance(session)).toBe('6.00');
  });

  it('raced by a recovery of the same transaction, the deposit is credited once', async () => {
    const { session, address } = await member();
    const hash = await setup.chain.send(address, '13');
    await setup.chain.mine(3);
    const block = await blockOf(hash);
    const rescan = await started(block - 2n, block);
    const [, recovery] = await Promise.all([runToEnd(runner()), post('/api/admin/deposits/recover', { txHash: hash })]);
    expect(recovery.statusCode, recovery.body).toBe(200);
    const { credited } = await read(rescan.id);
    expect(credited + (recovery.json<{ outcome: string }>().outcome === 'credited' ? 1 : 0)).toBe(1);
    expect(await balance(session)).toBe('13.00');
    expect(await entriesOf(hash)).toBe(1);
  });

  it('keeps the error of a failing chunk and retries; after 10 failures in a row it ends failed', async () => {
    const final = await finalBlock();
    const rescan = await started(final - 2n, final);
    const run = runner();
    setup.proxy.refuse(['eth_getLogs']);
    try {
      for (let i = 1; i <= 10; i += 1) {
        const error = await run.pass().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, `pass ${i}`).not.toBeNull();
        await run.failed(error);
        const now = await read(rescan.id);
        expect(now.status).toBe(i < 10 ? 'running' : 'failed');
        expect(now.error).toBeTruthy();
      }
    } finally {
      setup.proxy.refuse([]);
    }
    const failed = await read(rescan.id);
    expect(failed).toMatchObject({ blocksDone: 0 });
    expect(failed.finishedAt).not.toBeNull();
    expect(failed.error).not.toContain(setup.proxy.url);
    expect(await run.pass()).toMatchObject({ worked: false });
  });

  it('a deposit in blocks the watcher reads later is credited once, by whichever records it first', async () => {
    const { session, address } = await member();
    const head = await setup.chain.blockNumber();
    if (head < setup.startBlock) await setup.chain.mine(Number(setup.startBlock - head));
    const hash = await setup.chain.send(address, '11');
    await setup.chain.mine(3);
    const block = await blockOf(hash);
    expect(block).toBeGreaterThanOrEqual(setup.startBlock);

    const rescan = await started(block, block);
    await runToEnd(runner());
    expect(await read(rescan.id)).toMatchObject({ status: 'done', credited: 1 });
    expect(await balance(session)).toBe('11.00');
    const tick = await setup.watcher.tick();
    expect(tick.matched).toBeGreaterThanOrEqual(1);
    expect(tick.credited).toBe(0);
    expect(await balance(session)).toBe('11.00');
    expect(await entriesOf(hash)).toBe(1);
  });
}
