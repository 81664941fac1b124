import type { BooksChain } from '@portal/contract';
import type { AppContext } from '../context';
import { isChainError } from '../platform/chain/errors';
import { describeChainError } from '../deposits/chain-status';
import { reconcile } from '../deposits/wallets';

/**
 * The chain's reconciliation beside a period's books (deposits/wallets.ts
 * `reconcile`, the one BEP20 Wallets shows): the chain can be read only as it
 * is now, so only for a period that has not ended yet (`end`: its first
 * instant after). A node that does not answer is said, not thrown: the books
 * stand without it.
 */
export async function chainBesideTheBooks(ctx: AppContext, end: Date): Promise<BooksChain> {
  const chain = ctx.chain;
  if (!chain) return { state: 'off' };
  const now = ctx.now();
  if (end <= now) return { state: 'past' };
  try {
    const token = await chain.token();
    return { state: 'read', at: now.toISOString(), reconciliation: await reconcile(ctx, chain, token.decimals) };
  } catch (error) {
    if (!isChainError(error)) throw error;
    return { state: 'unavailable', error: describeChainError(chain, error) };
  }
}
