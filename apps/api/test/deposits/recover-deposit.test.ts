import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { bytesToHex, parseUnits, type Hex } from 'viem';
import { randomBytes } from 'node:crypto';
import type { DepositRecovery } from '@portal/contract';
import { ANVIL_DEV_KEY, deployTestToken, sendTestToken } from '../../src/platform/chain/anvil';
import { sql } from '../../src/platform/db/sql';
import { bearer, errorOf, type Session } from '../harness';
import { memberWithAddress, startDepositPortalAhead, stopDepositPortal } from './deposit-helpers';

/**
 * Deposits recovered by transaction hash (deposits/recover-deposit.ts)
 * against a real anvil (`finalized` = head - 2) whose watcher starts 40
 * blocks ahead of the chain (CHAIN_START_BLOCK), so the first deposits are
 * ones it never reads.
 */
let setup: Awaited<ReturnType<typeof startDepositPortalAhead>>;

beforeAll(async () => {
  setup = await startDepositPortalAhead(40n);
});

afterAll(async () => {
  await stopDepositPortal(setup);
});

const member = () => memberWithAddress(setup.portal);
const randomAddress = () => privateKeyToAccount(bytesToHex(randomBytes(32))).address;

/** A recovery as the member (`session`) or, without one, as the admin. */
async function recover(txHash: string, session?: Session) {
  return setup.portal.app.inject({
    method: 'POST',
    url: session ? '/api/deposits/recover' : '/api/admin/deposits/recover',
    headers: bearer(session ?? setup.admin),
    payload: { txHash },
  });
}

async function recovered(txHash: string, session?: Session): Promise<DepositRecovery> {
  const res = await recover(txHash, session);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DepositRecovery>();
}

async function refused(txHash: string, code: string, session?: Session): Promise<string> {
  const res = await recover(txHash, session);
  expect(res.statusCode, res.body).toBe(422);
  const error = errorOf(res);
  expect(error.code).toBe(code);
  return error.message;
}

async function balance(session: Session): Promise<string> {
  const res = await setup.portal.app.inject({ method: 'GET', url: '/api/deposits', headers: bearer(session) });
  expect(res.statusCode).toBe(200);
  return res.json<{ balance: string }>().balance;
}

/** The ledger entries crediting deposits of this transaction. */
const entriesOf = async (txHash: string) =>
  (
    await setup.portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE type = 'deposit' AND refs->>'txHash' = ${txHash}`,
    )
  ).rows[0]!.n;

describe('a deposit recovered by its transaction hash', () => {
  recoveryAndRefusalTests();
  racingAndScreeningTests();
});

function recoveryAndRefusalTests() {
  it('sent before the watcher starts: credited once; asked again, already credited, the balance moved once', async () => {
    const { session, address } = await member();
    const hash = await setup.chain.send(address, '25');
    expect(await setup.chain.blockNumber()).toBeLessThan(setup.startBlock);
    await setup.chain.mine(3);
    await setup.watcher.tick();
    expect(await balance(session)).toBe('0.00');

    const first = await recovered(hash, session);
    expect(first).toMatchObject({ outcome: 'credited', blocksToWait: null, watcherWillCredit: null });
    expect(first.message).toBe('Credited 25.00 USDT to the deposit wallet.');
    expect(first.deposits).toHaveLength(1);
    expect(first.deposits[0]).toMatchObject({ status: 'credited', amount: '25.00', txHash: hash });
    expect(await balance(session)).toBe('25.00');

    const again = await recovered(hash, session);
    expect(again.outcome).toBe('already_credited');
    expect(again.message).toContain(`#${first.deposits[0]!.id}`);
    expect(await recovered(hash)).toMatchObject({ outcome: 'already_credited' });
    await setup.chain.mine(3);
    await setup.watcher.tick();
    expect(await balance(session)).toBe('25.00');
    expect(await entriesOf(hash)).toBe(1);
  });

  it('refuses a hash that is not mined, and a malformed one by the schema', async () => {
    expect(await refused(bytesToHex(randomBytes(32)), 'TRANSACTION_NOT_MINED')).toContain('not mined');
    const malformed = await recover('0x1234');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('VALIDATION_ERROR');
  });

  it('not final yet: records nothing and says how many blocks to wait; once final it is credited', async () => {
    const { session, address } = await member();
    const hash = await setup.chain.send(address, '4');
    const early = await recovered(hash, session);
    expect(early).toMatchObject({ outcome: 'not_final', blocksToWait: 2, watcherWillCredit: false, deposits: [] });
    expect(early.message).toBe('Not final yet: 2 more blocks. Ask again once it is final.');
    expect(await balance(session)).toBe('0.00');
    await setup.chain.mine(2);
    expect(await recovered(hash, session)).toMatchObject({ outcome: 'credited' });
    expect(await balance(session)).toBe('4.00');
  });

  it('refuses a transfer of another token, a transaction without any, and one to no deposit address', async () => {
    const { session, address } = await member();
    const other = await deployTestToken(setup.chain.rpcUrl);
    const otherHash = await sendTestToken(setup.chain.rpcUrl, other, address, parseUnits('5', 18));
    await setup.chain.mine(3);
    expect(await refused(otherHash, 'NO_TOKEN_TRANSFER', session)).toContain(
      `moves another token (${other.toLowerCase()})`,
    );
    // A plain BNB transfer: a receipt without any Transfer log.
    const plain = await setup.chain.rpc<Hex>('eth_sendTransaction', [
      { from: privateKeyToAccount(ANVIL_DEV_KEY).address, to: address, value: '0x1' },
    ]);
    await setup.chain.client.waitForTransactionReceipt({ hash: plain, pollingInterval: 50 });
    expect(await refused(plain, 'NO_TOKEN_TRANSFER')).toBe(`Transaction ${plain} holds no USDT transfer.`);

    const elsewhere = await setup.chain.send(randomAddress(), '3');
    await setup.chain.mine(3);
    expect(await refused(elsewhere, 'NOT_A_DEPOSIT_ADDRESS')).toContain('to no deposit address');
    expect(await balance(session)).toBe('0.00');
  });

  it("a member asking about another member's deposit is told what a transfer elsewhere gets; the admin may recover it, audited", async () => {
    const owner = await member();
    const asker = await member();
    const hash = await setup.chain.send(owner.address, '9');
    const elsewhere = await setup.chain.send(randomAddress(), '9');
    await setup.chain.mine(3);
    const told = await refused(hash, 'NOT_A_DEPOSIT_ADDRESS', asker.session);
    const toldElsewhere = await refused(elsewhere, 'NOT_A_DEPOSIT_ADDRESS', asker.session);
    expect(told.replace(hash, '<hash>')).toBe(toldElsewhere.replace(elsewhere, '<hash>'));
    expect(await balance(owner.session)).toBe('0.00');

    const done = await recovered(hash);
    expect(done.outcome).toBe('credited');
    expect(done.deposits[0]!.member.id).toBe(owner.session.user.id);
    expect(await balance(owner.session)).toBe('9.00');
    const audit = await setup.portal.db.query<{ action: string; actor_id: number; target_id: string }>(
      sql`SELECT action, actor_id, target_id FROM audit_log WHERE action = 'deposit.recover' AND details->>'txHash' = ${hash}`,
    );
    expect(audit.rows).toEqual([
      { action: 'deposit.recover', actor_id: setup.admin.user.id, target_id: String(done.deposits[0]!.id) },
    ]);
  });

  it('below the minimum: recorded, not credited', async () => {
    const { session, address } = await member();
    const hash = await setup.chain.send(address, '0.5');
    await setup.chain.mine(3);
    const answer = await recovered(hash, session);
    expect(answer.outcome).toBe('below_minimum');
    expect(answer.deposits[0]!.status).toBe('below_minimum');
    expect(await recovered(hash, session)).toMatchObject({ outcome: 'below_minimum' });
    expect(await balance(session)).toBe('0.00');
  });
}

function racingAndScreeningTests() {
  it('concurrent recoveries of one hash credit it once', async () => {
    const { session, address } = await member();
    const hash = await setup.chain.send(address, '11');
    await setup.chain.mine(3);
    const answers = await Promise.all([
      recovered(hash, session),
      recovered(hash, session),
      recovered(hash),
      recovered(hash),
    ]);
    expect(answers.map((a) => a.outcome).sort()).toEqual([
      'already_credited',
      'already_credited',
      'already_credited',
      'credited',
    ]);
    expect(await balance(session)).toBe('11.00');
    expect(await entriesOf(hash)).toBe(1);
  });

  it('after the start block: the watcher will credit it; racing the watcher, it is credited once', async () => {
    while ((await setup.chain.blockNumber()) < setup.startBlock) await setup.chain.mine(1);
    const { session, address } = await member();
    const hash = await setup.chain.send(address, '6');
    expect(await recovered(hash, session)).toMatchObject({
      outcome: 'not_final',
      blocksToWait: 2,
      watcherWillCredit: true,
      message: 'Not final yet: 2 more blocks. The deposit watcher credits it by itself once final.',
    });
    await setup.watcher.tick(); // the watcher records it seen
    await setup.chain.mine(3);
    const [answer] = await Promise.all([recovered(hash, session), setup.watcher.tick()]);
    expect(['credited', 'already_credited']).toContain(answer.outcome);
    await setup.watcher.tick();
    expect(await recovered(hash, session)).toMatchObject({ outcome: 'already_credited' });
    expect(await balance(session)).toBe('6.00');
    expect(await entriesOf(hash)).toBe(1);
  });

  it('from a sender on the screening list: recorded and held for an admin, never credited by a recovery', async () => {
    const { session, address } = await member();
    // Last in the file: the listing stays (removing it needs the admin's two-factor).
    const listed = await setup.portal.app.inject({
      method: 'POST',
      url: '/api/admin/screening',
      headers: bearer(setup.admin),
      payload: { address: privateKeyToAccount(ANVIL_DEV_KEY).address, reason: 'Test: the sender of chain.send' },
    });
    expect(listed.statusCode, listed.body).toBe(201);
    const hash = await setup.chain.send(address, '12');
    await setup.chain.mine(3);
    const answer = await recovered(hash, session);
    expect(answer).toMatchObject({ outcome: 'held', deposits: [expect.objectContaining({ status: 'held' })] });
    expect(await recovered(hash)).toMatchObject({ outcome: 'held' });
    expect(await balance(session)).toBe('0.00');
    expect(await entriesOf(hash)).toBe(0);
  });
}
