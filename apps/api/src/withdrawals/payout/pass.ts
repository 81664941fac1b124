import type { Address } from 'viem';
import type { AppContext } from '../../context';
import type { Chain, TokenInfo } from '../../platform/chain';

export type PayoutStep = 'reserved' | 'signed' | 'broadcast';

export interface PayoutHooks {
  /** Called after each committed step; a test throws here to play a crash between steps. */
  after?(step: PayoutStep, payoutId: number): void | Promise<void>;
}

/** What one pass of the payout job works with: the hot wallet (its lease held) and the token it pays in. */
export interface PayoutPass {
  ctx: AppContext;
  chain: Chain;
  wallet: Address;
  token: TokenInfo;
  hooks: PayoutHooks;
  /** False once the hot wallet's lease was taken over during the pass (shared/lease.ts `keepRenewed`): it stops at its next step. */
  leaseHeld: () => boolean;
}
