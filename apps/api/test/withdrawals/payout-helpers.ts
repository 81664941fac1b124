import { afterAll, beforeAll, expect } from 'vitest';
import { bytesToHex, decodeEventLog, erc20Abi, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { randomBytes } from 'node:crypto';
import type { ApprovalResult } from '@portal/contract';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';
import type { PayoutHooks } from '../../src/withdrawals/payout/pass';
import { startRpcProxy, startTestChain, type RpcProxy, type TestChain } from '../platform/chain/chain-helpers';
import {
  bearer,
  lateBound,
  enableAdminTwoFactor,
  loginAdmin,
  registerMember,
  startPortal,
  type Session,
  type TestPortal,
} from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { requestWithdrawal, setSettings } from './withdrawal-helpers';

/** A new address nobody holds the key of: a payout's destination. */
export const freshAddress = (): Address => privateKeyToAccount(bytesToHex(randomBytes(32))).address;

/**
 * A portal on `chain` whose admin pays withdrawals out: the admin with
 * two-factor on (the `adminsRequireTwoFactor` setting asks it), no address
 * hold and no member two-factor (these tests are about payouts; those rules
 * have their own tests).
 */
export async function startPayoutPortal(
  chain: TestChain,
  env: Record<string, string> = {},
): Promise<{ portal: TestPortal; admin: Session }> {
  const portal = await startPortal({ ...chain.env, ...env });
  const admin = await loginAdmin(portal.app);
  await enableAdminTwoFactor(portal, admin);
  await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
  return { portal, admin };
}

/**
 * The payout chain tests' set-up: their own anvil (one confirmation, 1,000
 * USDT on the hot wallet), a payout portal on it, and the hot wallet's
 * address. `stopPayoutChain` ends it.
 */
/** A local chain with a funded hot wallet, and a portal paying from it (see startPayoutPortal). */
export interface PayoutChain {
  chain: TestChain;
  portal: TestPortal;
  admin: Session;
  /** The hot wallet's address. */
  hot: Address;
  /** The JSON-RPC proxy the portal reaches the chain through, with `{ viaProxy: true }`: a node that refuses or goes away. */
  proxy: RpcProxy;
}

/**
 * A payout chain for the tests of the enclosing describe: started before
 * them, stopped after them. What it returns reads through to the started
 * one, so the tests write `setup.portal`, `setup.chain`.
 */
export function usePayoutChain(options: { viaProxy?: boolean } = {}): PayoutChain {
  let started: (Omit<PayoutChain, 'proxy'> & { proxy?: RpcProxy }) | undefined;
  beforeAll(async () => {
    const chain = await startTestChain({ confirmations: 1, hotTokens: '1000' });
    let proxy: RpcProxy | undefined;
    try {
      proxy = options.viaProxy ? await startRpcProxy(chain.rpcUrl) : undefined;
      const env: Record<string, string> = proxy ? { CHAIN_RPC_URL: proxy.url } : {};
      started = {
        chain,
        proxy,
        ...(await startPayoutPortal(chain, env)),
        hot: privateKeyToAccount(chain.hotKey).address,
      };
    } catch (error) {
      await proxy?.close();
      await chain.stop();
      throw error;
    }
  }, 60_000);
  afterAll(async () => {
    await started?.portal.close();
    await started?.proxy?.close();
    await started?.chain.stop();
  });
  return lateBound(() => started as PayoutChain | undefined, 'The payout chain');
}

/** A member with income and a pending withdrawal of `amount` to `to` (two-factor off, hold 0 in these tests). */
export async function pendingWithdrawal(
  portal: TestPortal,
  admin: Session,
  to: Address,
  amount: string,
  income = amount,
): Promise<{ member: Session; id: number }> {
  const member = await registerMember(portal.app);
  await fund(portal.app, admin, member.user.id, 'income', income);
  const res = await requestWithdrawal(portal.app, member, { amount, address: to });
  expect(res.statusCode, res.body).toBe(201);
  return { member, id: res.json().id as number };
}

export async function approve(portal: TestPortal, admin: Session, ids: number[]) {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/admin/withdrawals/approve',
    headers: bearer(admin),
    payload: { ids },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApprovalResult>();
}

/** Passes of the payout job, mining blocks between them, until nothing is open (or `rounds` run out). */
export async function payAll(portal: TestPortal, chain: TestChain, hooks: PayoutHooks = {}, rounds = 8): Promise<void> {
  const runner = createPayoutRunner(portal.ctx, hooks);
  for (let round = 0; round < rounds; round += 1) {
    const result = await runner.pass();
    if (result.ran && result.open === 0) return;
    await chain.mine(3);
  }
}

/** An admin's Retry of a failed payout (a new payout at a new nonce), answered 200. */
export async function retryPayout(portal: TestPortal, admin: Session, id: number): Promise<void> {
  const res = await portal.app.inject({
    method: 'POST',
    url: `/api/admin/withdrawals/${id}/retry`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function withdrawal(portal: TestPortal, admin: Session, id: number) {
  const res = await portal.app.inject({
    method: 'GET',
    url: `/api/admin/withdrawals?pageSize=100`,
    headers: bearer(admin),
  });
  return (res.json().items as Array<Record<string, unknown> & { id: number }>).find((w) => w.id === id)!;
}

/** The token transfer a mined transaction made: to and raw amount, from its receipt's log. */
export async function transferOf(
  chain: TestChain,
  hash: Hex,
): Promise<{ to: Address; value: bigint; blockNumber: bigint }> {
  const receipt = await chain.client.getTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  const log = receipt.logs.find((l) => l.address.toLowerCase() === chain.token.toLowerCase())!;
  const event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
  const args = event.args as { to: Address; value: bigint };
  return { to: args.to, value: args.value, blockNumber: receipt.blockNumber };
}

export const usdt = (text: string) => parseUnits(text, 18);
