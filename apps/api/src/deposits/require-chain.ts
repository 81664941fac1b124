import type { Chain } from '../chain';
import type { AppContext } from '../context';
import { AppError } from '../shared/errors';

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
