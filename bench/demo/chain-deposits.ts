import { createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { createChain } from '../../apps/api/src/platform/chain';
import { ANVIL_DEV_KEY, anvilClient } from '../../apps/api/src/platform/chain/anvil';
import { startEmbeddedChain } from '../../apps/api/src/platform/chain/embedded';
import { testUsdtAbi } from '../../apps/api/src/platform/chain/token/artifact';
import type { AppContext } from '../../apps/api/src/context';
import { startConsolidation } from '../../apps/api/src/deposits/consolidation';
import { ensureDepositAddress } from '../../apps/api/src/deposits/addresses';
import { sql } from '../../apps/api/src/platform/db/sql';
import { createDepositWatcher } from '../../apps/api/src/deposits/watcher';
import { createPayoutRunner } from '../../apps/api/src/withdrawals/payout/job';
import { approveWithdrawals } from '../../apps/api/src/withdrawals/review';

const WAIT_FOR_CREDIT_MS = 30_000;
const WAIT_FOR_PAYOUTS_MS = 30_000;

/**
 * Today's deposits, for real: the embedded chain of `npm start` (started
 * here the way main.ts starts it, from DATA_DIR; the portal is stopped, the
 * seed holds the data folder), test USDT sent to each member's deposit
 * address in one batch, and the portal's own deposit watcher run until it has
 * credited them; then the first admin consolidates them, as on the
 * Consolidate page, which fills the hot wallet to its target first
 * (apps/api/src/deposits/sweep-deposit-addresses.ts): the demo's withdrawals
 * are paid with no USDT sent to it from outside. Then the same admin approves
 * the withdrawals `approve` names, and the portal's payout job
 * (withdrawals/payout/job.ts) pays them from the hot wallet until they are
 * final. Returns how many deposits were credited and withdrawals paid.
 */
export async function depositOnEmbeddedChain(
  ctx: AppContext,
  deposits: Array<{ memberId: number; amount: bigint }>,
  approve: number[] = [],
): Promise<{ credited: number; paid: number }> {
  const embedded = await startEmbeddedChain(ctx.config.dataDir, ctx.config.chain);
  try {
    const chain = createChain(embedded.settings);
    const chainCtx: AppContext = { ...ctx, chain };
    const addresses: Address[] = [];
    for (const deposit of deposits)
      addresses.push((await ensureDepositAddress(ctx.db, chain, deposit.memberId)).address);

    // One batch from the token's deployer, nonces in order: a block or two instead of one per deposit.
    const rpcUrl = embedded.info.rpcUrl;
    const account = privateKeyToAccount(ANVIL_DEV_KEY);
    const wallet = createWalletClient({
      account,
      chain: { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } },
      transport: http(rpcUrl),
    });
    const client = anvilClient(rpcUrl);
    const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const hashes = await Promise.all(
      deposits.map((deposit, i) =>
        wallet.writeContract({
          address: embedded.info.tokenAddress,
          abi: testUsdtAbi,
          functionName: 'transfer',
          args: [addresses[i]!, deposit.amount],
          nonce: nonce + i,
        }),
      ),
    );
    for (const hash of hashes) await client.waitForTransactionReceipt({ hash, pollingInterval: 200 });

    // The watcher credits once the blocks are final (a few seconds on the embedded chain).
    const watcher = createDepositWatcher(chainCtx, chain);
    const deadline = Date.now() + WAIT_FOR_CREDIT_MS;
    let credited = 0;
    while (credited < deposits.length && Date.now() < deadline) {
      credited += (await watcher.tick()).credited;
      if (credited < deposits.length) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const { rows } = await ctx.db.query<{ id: number }>(
      sql`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`,
    );
    const admin = { userId: Number(rows[0]!.id), ip: null };
    if (credited > 0) await startConsolidation(chainCtx, admin);
    const paid = approve.length > 0 ? await payWithdrawals(chainCtx, admin, approve) : 0;
    return { credited, paid };
  } finally {
    await embedded.stop();
  }
}

/** Approves the withdrawals as an admin would, then runs payout passes until they are paid (or the wait is over). */
async function payWithdrawals(ctx: AppContext, admin: { userId: number; ip: null }, ids: number[]): Promise<number> {
  await approveWithdrawals(ctx, admin, ids);
  const runner = createPayoutRunner(ctx);
  const deadline = Date.now() + WAIT_FOR_PAYOUTS_MS;
  while (Date.now() < deadline) {
    const pass = await runner.pass();
    if (pass.ran && pass.open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { rows } = await ctx.db.query<{ paid: number }>(
    sql`SELECT count(*)::int AS paid FROM withdrawals WHERE id = ANY(${ids}::bigint[]) AND status = 'paid'`,
  );
  return rows[0]!.paid;
}
