import type { Chain } from '../../chain';
import type { AppContext } from '../../context';

/** The chain payouts run on (chain/index.ts), or null when the portal has none. */
export type PayoutChain = Chain;

export const payoutChainOf = (ctx: AppContext): PayoutChain | null => ctx.chain ?? null;
