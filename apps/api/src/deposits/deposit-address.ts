import { fromBaseUnits, NETWORK_NAME, toBaseUnits, type DepositAddress } from '@portal/contract';
import type { AppContext } from '../context';
import { readSettings } from '../settings/in-force';
import { ensureDepositAddress } from './addresses';
import { fromChain, requireChain } from './require-chain';

/**
 * The member's BEP20 deposit address (made on first ask, addresses.ts), its
 * token, network and minimum. What arrives there is credited by the deposit
 * watcher (watcher.ts, started by apps/api/src/platform/jobs.ts): each final range of
 * blocks in one transaction, credit-final-range.ts, posting through the
 * ledger (apps/api/src/ledger/post.ts, or ledger/bulk.ts when catching up).
 */
export async function depositAddress(ctx: AppContext, memberId: number): Promise<DepositAddress> {
  const { db } = ctx;
  const chain = requireChain(ctx);
  const token = await fromChain(chain, () => chain.token());
  const { address } = await ensureDepositAddress(db, chain, memberId);
  const settings = await readSettings(db);
  return {
    address,
    uri: `ethereum:${token.address}@${chain.chainId}/transfer?address=${address}`,
    token: { symbol: token.symbol, address: token.address, decimals: token.decimals },
    network: NETWORK_NAME,
    chainId: chain.chainId,
    minimum: fromBaseUnits(toBaseUnits(settings.depositMinimum)),
    explorerUrl: chain.explorerAddress(address),
  };
}
