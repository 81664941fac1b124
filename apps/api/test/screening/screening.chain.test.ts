import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_DEV_KEY } from '../../src/platform/chain/anvil';
import { BULK_FROM } from '../../src/deposits/credit-final-range';
import { createDepositWatcher, type DepositWatcher } from '../../src/deposits/watcher';
import { sql } from '../../src/platform/db/sql';
import { bearer, errorOf, type Session, type TestPortal } from '../harness';
import type { RpcProxy, TestChain } from '../platform/chain/chain-helpers';
import { memberWithAddress, startDepositPortal, stopDepositPortal } from '../deposits/deposit-helpers';
import { saveAddress } from '../withdrawals/withdrawal-helpers';

/**
 * Address screening against a real anvil: a deposit from a listed sender is
 * recorded and held (in both of the watcher's credit paths), then credited
 * once or rejected by an admin; the reconciliation explains both; the
 * portal's own addresses are no withdrawal address.
 */
let chain: TestChain;
let portal: TestPortal;
let watcher: DepositWatcher;
let admin: Session;
let proxy: RpcProxy;

/** The test chain's token holder, who sends every `chain.send`. */
const DEV = privateKeyToAccount(ANVIL_DEV_KEY).address;

beforeAll(async () => {
  ({ chain, proxy, portal, watcher, admin } = await startDepositPortal({ adminTwoFactor: true }));
});

afterAll(async () => {
  await stopDepositPortal({ watcher, portal, proxy, chain });
});

async function finalize() {
  await chain.mine(3);
  await watcher.tick();
}

interface DepositItem {
  id: number;
  status: string;
  amount: string;
  holdReason: string | null;
  decision: { by: string | null; note: string | null } | null;
  member: { id: number };
}

async function adminDeposits(memberName: string): Promise<DepositItem[]> {
  const res = await portal.app.inject({
    method: 'GET',
    url: `/api/admin/deposits?member=${memberName}`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: DepositItem[] }>().items;
}

async function myDeposits(session: Session) {
  const res = await portal.app.inject({ method: 'GET', url: '/api/deposits', headers: bearer(session) });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: DepositItem[]; balance: string }>();
}

async function reconciliation() {
  const res = await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    reconciliation: { balanced: boolean; unexplained: string; explained: { held: string; rejected: string } };
  }>().reconciliation;
}

const depositEntriesOf = async (memberId: number) =>
  (
    await portal.db.query<{ n: number }>(
      sql`SELECT count(DISTINCT e.id)::int AS n FROM journal_entries e JOIN postings p ON p.entry_id = e.id
            JOIN ledger_accounts a ON a.id = p.account_id WHERE e.type = 'deposit' AND a.owner_id = ${memberId}`,
    )
  ).rows[0]!.n;

async function list(address: string, reason: string): Promise<number> {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/admin/screening',
    headers: bearer(admin),
    payload: { address, reason },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function unlist(id: number) {
  const res = await portal.app.inject({
    method: 'POST',
    url: `/api/admin/screening/${id}/remove`,
    headers: bearer(admin),
    payload: { reason: 'Test over' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const credit = (id: number, key?: string) =>
  portal.app.inject({
    method: 'POST',
    url: `/api/admin/deposits/${id}/credit`,
    headers: { ...bearer(admin), ...(key ? { 'idempotency-key': key } : {}) },
  });

/** A token transfer from `from` (impersonated on anvil, given gas and tokens first): a sender other than the token holder. */
async function sendFrom(from: Address, to: Address, amount: string): Promise<Hex> {
  await chain.rpc('anvil_setBalance', [from, '0xde0b6b3a7640000']);
  await chain.send(from, amount);
  await chain.rpc('anvil_impersonateAccount', [from]);
  const hash = await chain.rpc<Hex>('eth_sendTransaction', [
    {
      from,
      to: chain.token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 18)] }),
    },
  ]);
  await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await chain.rpc('anvil_stopImpersonatingAccount', [from]);
  return hash;
}

describe('a deposit from a listed sender', () => {
  heldAndRejectedTests();
  setBasedRangeTests();
});

function heldAndRejectedTests() {
  it('is recorded and held, not credited; the member sees it held without the reason; the reconciliation explains it', async () => {
    expect((await reconciliation()).balanced).toBe(true);
    // Listed in lower case; the chain's logs name the sender checksummed.
    const entry = await list(DEV.toLowerCase(), 'Test sanctions entry');
    const { session, address } = await memberWithAddress(portal);
    await chain.send(address, '30');
    await watcher.tick();
    expect((await myDeposits(session)).items[0]).toMatchObject({ status: 'seen' });
    await finalize();

    const mine = await myDeposits(session);
    expect(mine.items).toMatchObject([{ status: 'held', amount: '30.00', holdReason: null, decision: null }]);
    expect(mine.balance).toBe('0.00');
    expect(await depositEntriesOf(session.user.id)).toBe(0);
    const [held] = await adminDeposits(session.user.username);
    expect(held).toMatchObject({
      status: 'held',
      holdReason: 'Sender on the screening list: Test sanctions entry',
    });
    expect(await reconciliation()).toMatchObject({
      balanced: true,
      unexplained: '0.00',
      explained: { held: '30.00', rejected: '0.00' },
    });

    // Read again from block 0 (a restart): still held, once.
    await watcher.release();
    await portal.db.query(sql`UPDATE chain_watch SET final_next = 0, seen_next = 0`);
    watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
    await finalize();
    expect(await adminDeposits(session.user.username)).toMatchObject([{ id: held!.id, status: 'held' }]);

    // The admin credits it: once, through the ledger; the same key replays the answer, another is refused.
    const first = await credit(held!.id, 'credit-held-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'credited', decision: { by: 'admin', note: null } });
    const replay = await credit(held!.id, 'credit-held-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await credit(held!.id, 'credit-held-2');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'DEPOSIT_NOT_HELD' });
    expect(errorOf(again).message).toBe(`Deposit #${held!.id} is credited, not held: nothing to decide.`);
    const twice = await Promise.all([credit(held!.id), credit(held!.id)]);
    expect(twice.map((res) => res.statusCode)).toEqual([409, 409]);
    expect((await myDeposits(session)).balance).toBe('30.00');
    expect(await depositEntriesOf(session.user.id)).toBe(1);
    expect(await reconciliation()).toMatchObject({ balanced: true, explained: { held: '0.00' } });
    const audit = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=deposit.credit_held',
      headers: bearer(admin),
    });
    expect(audit.json().items).toHaveLength(1);
    await unlist(entry);
  });

  it('is rejected with a reason: recorded, never credited, explained as rejected funds', async () => {
    const entry = await list(DEV, 'Another test entry');
    const { session, address } = await memberWithAddress(portal);
    await chain.send(address, '12');
    await finalize();
    const [held] = await adminDeposits(session.user.username);
    expect(held!.status).toBe('held');
    const rejected = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${held!.id}/reject`,
      headers: bearer(admin),
      payload: { reason: 'Funds from a sanctioned wallet' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      decision: { by: 'admin', note: 'Funds from a sanctioned wallet' },
    });
    const late = await credit(held!.id);
    expect(errorOf(late)).toMatchObject({ code: 'DEPOSIT_NOT_HELD' });
    expect((await myDeposits(session)).balance).toBe('0.00');
    expect(await depositEntriesOf(session.user.id)).toBe(0);
    expect(await reconciliation()).toMatchObject({
      balanced: true,
      unexplained: '0.00',
      explained: { held: '0.00', rejected: '12.00' },
    });
    await unlist(entry);
  });
}

function setBasedRangeTests() {
  it('is held in a range credited set-based too, the others credited once', async () => {
    const listedSender = privateKeyToAccount(`0x${'42'.repeat(32)}`).address;
    await list(listedSender, 'Bulk test entry');
    const people = await Promise.all(Array.from({ length: 12 }, () => memberWithAddress(portal)));
    const screened = await memberWithAddress(portal);
    // One range: BULK_FROM or more credits from the (unlisted) token holder, and one from the listed sender.
    const transfers = people.flatMap((p) => [
      [p.address, '2'] as [Address, string],
      [p.address, '3'] as [Address, string],
    ]);
    expect(transfers.length).toBeGreaterThanOrEqual(BULK_FROM);
    await chain.sendMany(transfers);
    await sendFrom(listedSender, screened.address, '40');
    await finalize();

    for (const p of people) expect((await myDeposits(p.session)).balance).toBe('5.00');
    const bulk = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE type = 'deposit' AND memo LIKE 'Deposits (BEP20), blocks %'`,
    );
    expect(bulk.rows[0]!.n).toBeGreaterThanOrEqual(1);
    const [held] = await adminDeposits(screened.session.user.username);
    expect(held).toMatchObject({
      status: 'held',
      amount: '40.00',
      holdReason: 'Sender on the screening list: Bulk test entry',
    });
    expect(await depositEntriesOf(screened.session.user.id)).toBe(0);
    expect((await reconciliation()).explained.held).toBe('40.00');

    const done = await credit(held!.id, 'bulk-held');
    expect(done.statusCode, done.body).toBe(200);
    expect((await credit(held!.id, 'bulk-held-again')).statusCode).toBe(409);
    expect((await myDeposits(screened.session)).balance).toBe('40.00');
    expect(await depositEntriesOf(screened.session.user.id)).toBe(1);
    expect(await reconciliation()).toMatchObject({ balanced: true, explained: { held: '0.00' } });
  });
}

describe("the portal's own addresses", () => {
  it('are no withdrawal address: the treasury, the hot and gas wallets, the token contract', async () => {
    const { session } = await memberWithAddress(portal);
    const own: Array<[string, string]> = [
      [chain.treasury, 'ADDRESS_IS_PLATFORM'],
      [privateKeyToAccount(chain.hotKey).address, 'ADDRESS_IS_PLATFORM'],
      [privateKeyToAccount(chain.gasKey).address, 'ADDRESS_IS_PLATFORM'],
      [chain.token, 'ADDRESS_IS_TOKEN'],
    ];
    for (const [address, code] of own) {
      for (const typed of [address, address.toLowerCase()]) {
        const res = await saveAddress(portal.app, session, typed);
        expect(res.statusCode, typed).toBe(422);
        expect(errorOf(res), typed).toMatchObject({ code, field: 'address' });
      }
    }
  });
});
