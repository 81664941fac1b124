import type { AppContext } from '../context';
import { createAddressBook } from './address-book';
import { createWithdrawalLists } from './list';
import { payoutChainOf } from './payout/chain';
import { kickPayouts } from './payout/registry';
import { createPayoutService } from './payout/service';
import { createWithdrawalRequests } from './request';
import { createWithdrawalReview } from './review';
import { withdrawalMapper } from './rows';

/**
 * Withdrawals from the income wallet to a BEP20 address (PRODUCT.md §7),
 * one file per use case: the member's request (./request.ts), the
 * whitelist (./address-book.ts), the lists (./list.ts), the admin's review
 * (./review.ts) and the payouts (./payout/).
 */
export function createWithdrawalService(ctx: AppContext) {
  const toWithdrawal = withdrawalMapper((hash) => payoutChainOf(ctx)?.explorerTx(hash) ?? null);
  const payouts = createPayoutService(ctx);
  return {
    ...createWithdrawalRequests(ctx, toWithdrawal),
    ...createAddressBook(ctx),
    ...createWithdrawalLists(ctx, toWithdrawal),
    ...createWithdrawalReview(ctx, toWithdrawal, payouts, () => kickPayouts(ctx)),
    hotWallet: () => payouts.hotWallet(),
  };
}
