import { fromBaseUnits, toBaseUnits } from './money';
import { policyLimit, type Settings } from './settings';
import type { ApprovalPolicy } from './withdrawals';

type PolicySettings = Pick<Settings, 'secondApprovalThreshold' | 'largeApprovalThreshold'>;

/**
 * What an admin's approval of a withdrawal of `amount` needs (docs/decisions/0035-withdrawal-policy.md):
 * one admin, or two different admins above the second-approval threshold (0: no threshold), with the
 * rule in words that the first approval stores. The API decides by it (apps/api/src/withdrawals/review.ts)
 * and the approval list says it before the click (apps/web/src/features/withdrawals/approval/useWithdrawalDecision.ts).
 */
export function approvalPolicyFor(
  amount: bigint,
  settings: PolicySettings,
): { policy: Exclude<ApprovalPolicy, 'automatic'>; note: string } {
  const threshold = policyLimit(settings.secondApprovalThreshold);
  if (threshold === null) return { policy: 'one_admin', note: 'One admin (no second-approval threshold)' };
  const limit = fromBaseUnits(threshold);
  return amount > threshold
    ? { policy: 'two_admins', note: `Two different admins (above the second-approval threshold of ${limit} USDT)` }
    : { policy: 'one_admin', note: `One admin (up to the second-approval threshold of ${limit} USDT)` };
}

/**
 * Whether approving withdrawals of `total` in one go needs a fresh two-factor code: above the
 * large-approval threshold (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
 */
export function approvalNeedsCode(total: bigint, settings: PolicySettings): boolean {
  return total > toBaseUnits(settings.largeApprovalThreshold);
}
