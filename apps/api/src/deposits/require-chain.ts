import type { Chain } from '../platform/chain';
import type { AppContext } from '../context';
import { isChainError } from '../platform/chain/errors';
import { AppError } from '../shared/errors';
import { describeChainError } from './chain-status';

/** The refusal while the chain does not answer. */
export const chainUnavailable = (detail?: string) =>
  new AppError(
    503,
    'CHAIN_UNAVAILABLE',
    `Deposits are unavailable right now: the chain does not answer${detail ? ` (${detail})` : ''}. Try again shortly.`,
  );

/** The context's chain; a portal started without one refuses every chain request the same way. */
export function requireChain(ctx: AppContext): Chain {
  if (!ctx.chain)
    throw new AppError(503, 'CHAIN_UNAVAILABLE', 'Deposits are unavailable: the portal runs without a chain.');
  return ctx.chain;
}

/**
 * Runs `read` against the chain: only the node failing (platform/chain/errors.ts) is
 * answered 503 CHAIN_UNAVAILABLE, in words without the RPC URL; a database
 * error or a bug stays what it is, a logged 500.
 */
export async function fromChain<T>(chain: Chain, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isChainError(error)) throw error;
    throw chainUnavailable(describeChainError(chain, error));
  }
}
