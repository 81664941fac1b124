import type { Address } from 'viem';
import type { TokenInfo } from '../../chain';
import type { AppContext } from '../../context';
import type { PayoutChain } from './chain';

export type PayoutStep = 'reserved' | 'signed' | 'broadcast';

export interface PayoutHooks {
  /** Called after each committed step; a test throws here to play a crash between steps. */
  after?(step: PayoutStep, payoutId: number): void | Promise<void>;
}

/** What one pass of the payout job works with: the hot wallet (its lease held) and the token it pays in. */
export interface PayoutPass {
  ctx: AppContext;
  chain: PayoutChain;
  wallet: Address;
  token: TokenInfo;
  hooks: PayoutHooks;
}
