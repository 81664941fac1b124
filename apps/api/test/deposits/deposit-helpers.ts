import { Writable } from 'node:stream';
import { expect } from 'vitest';
import pino from 'pino';
import type { Address } from 'viem';
import type { DepositAddress } from '@portal/contract';
import { createDepositWatcher, type DepositWatcher } from '../../src/deposits/watcher';
import { updateSettings } from '../../src/settings/update-settings';
import {
  bearer,
  enableAdminTwoFactor,
  loginAdmin,
  registerMember,
  startPortal,
  type Session,
  type TestPortal,
} from '../harness';
import { startRpcProxy, startTestChain, type RpcProxy, type TestChain } from '../platform/chain/chain-helpers';

/**
 * The set-up the deposit tests share: a real anvil started for the file, a
 * portal reaching it through an RPC proxy (so a test can make the node
 * refuse or stall), a deposit watcher ticked by the test, and an admin.
 */
export interface DepositPortal {
  chain: TestChain;
  proxy: RpcProxy;
  portal: TestPortal;
  watcher: DepositWatcher;
  admin: Session;
}

export async function startDepositPortal(
  options: {
    /** More environment, given the chain (e.g. a CHAIN_START_BLOCK ahead of it). */
    env?: (chain: TestChain) => Promise<Record<string, string>>;
    /** The portal's log lines go here, at `logLevel`. */
    logLines?: string[];
    logLevel?: pino.Level;
    /** Turn two-factor on for the admin (routes that move money out ask it). */
    adminTwoFactor?: boolean;
    /**
     * The hot wallet's target (the `hotWalletTarget` setting); 0 unless given, so
     * that a consolidation sweeps everything to the treasury, where these tests count it.
     */
    hotWalletTarget?: string;
  } = {},
): Promise<DepositPortal> {
  const chain = await startTestChain();
  const proxy = await startRpcProxy(chain.rpcUrl);
  const lines = options.logLines;
  const log = lines
    ? pino(
        { level: options.logLevel ?? 'info' },
        new Writable({
          write(chunk, _encoding, done) {
            lines.push(chunk.toString());
            done();
          },
        }),
      )
    : undefined;
  const portal = await startPortal(
    { ...chain.env, CHAIN_RPC_URL: proxy.url, ...(await options.env?.(chain)) },
    { log },
  );
  const watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
  const admin = await loginAdmin(portal.app);
  await updateSettings(
    portal.ctx,
    { userId: admin.user.id, ip: null },
    {
      hotWalletTarget: options.hotWalletTarget ?? '0',
    },
  );
  if (options.adminTwoFactor) await enableAdminTwoFactor(portal, admin);
  return { chain, proxy, portal, watcher, admin };
}

/**
 * A deposit portal whose watcher starts `blocks` ahead of the chain
 * (CHAIN_START_BLOCK): what is sent before `startBlock` is never read by it.
 */
export async function startDepositPortalAhead(blocks: bigint): Promise<DepositPortal & { startBlock: bigint }> {
  let startBlock = 0n;
  const parts = await startDepositPortal({
    // Rescans and recoveries are admin writes: an admin with two-factor (docs/decisions/0051-admin-two-factor-declared-in-the-endpoint-table.md).
    adminTwoFactor: true,
    env: async (chain) => {
      startBlock = (await chain.blockNumber()) + blocks;
      return { CHAIN_START_BLOCK: String(startBlock) };
    },
  });
  return { ...parts, startBlock };
}

/** Stops what `startDepositPortal` started (any part may be missing if the set-up failed); `watcher` is the file's current one. */
export async function stopDepositPortal(parts: Partial<DepositPortal>): Promise<void> {
  await parts.watcher?.release();
  await parts.portal?.close();
  await parts.proxy?.close();
  await parts.chain?.stop();
}

/** A new member and their deposit address. */
export async function memberWithAddress(
  portal: TestPortal,
): Promise<{ session: Session; address: Address; info: DepositAddress }> {
  const session = await registerMember(portal.app);
  const res = await portal.app.inject({ method: 'GET', url: '/api/deposits/address', headers: bearer(session) });
  expect(res.statusCode).toBe(200);
  return { session, address: res.json().address as Address, info: res.json<DepositAddress>() };
}
