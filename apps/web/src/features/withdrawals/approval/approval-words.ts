import {
  approvalNeedsCode,
  approvalPolicyFor,
  policyLimit,
  toBaseUnits,
  fromBaseUnits,
  type Settings,
  type Withdrawal,
} from '@portal/contract';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { plural } from '../../../shared/words';

/** The two thresholds of the withdrawal policy (packages/contract/src/approval-policy.ts, the API's own rule). */
export type ApprovalThresholds = Pick<Settings, 'largeApprovalThreshold' | 'secondApprovalThreshold'>;

/**
 * What approving `chosen` will do, by the rule the API applies (packages/contract/src/approval-policy.ts): those
 * whose approval pays (one admin's, or a second admin's that completes a first), those that only get their first
 * approval of two, and those this admin gave the first approval to (the API leaves them for another admin).
 */
export interface ApprovalPlan {
  pays: Withdrawal[];
  /** Among `pays`: second approvals, which complete another admin's first. */
  completes: Withdrawal[];
  firstOfTwo: Withdrawal[];
  mine: Withdrawal[];
  needsCode: boolean;
}

export function approvalPlan(
  chosen: Withdrawal[],
  policy: ApprovalThresholds | undefined,
  me: number | undefined,
): ApprovalPlan {
  const plan: ApprovalPlan = { pays: [], completes: [], firstOfTwo: [], mine: [], needsCode: false };
  for (const w of chosen) {
    if (w.approvals.some((a) => a.by?.id === me)) plan.mine.push(w);
    else if (w.approvals.length > 0) {
      plan.pays.push(w);
      plan.completes.push(w);
    } else if (policy && approvalPolicyFor(toBaseUnits(w.amount), policy).policy === 'two_admins')
      plan.firstOfTwo.push(w);
    else plan.pays.push(w);
  }
  const total = chosen.reduce((sum, w) => sum + toBaseUnits(w.amount), 0n);
  plan.needsCode = policy !== undefined && approvalNeedsCode(total, policy);
  return plan;
}

/** The dialog's action, saying what it does: "Approve and pay", "Approve 1 of 2", or both counted when mixed. */
export function approveLabel(plan: ApprovalPlan): string {
  const pays = plan.pays.length;
  const first = plan.firstOfTwo.length;
  if (first === 0) return 'Approve and pay';
  if (pays === 0) return 'Approve 1 of 2';
  return `Approve: pay ${pays}, 1 of 2 for ${first}`;
}

/** The thresholds in force, in a sentence: when a fresh two-factor code is asked, when a second admin must approve. */
export function thresholdsSentence(policy: ApprovalThresholds): string {
  const large = policyLimit(policy.largeApprovalThreshold);
  const second = policyLimit(policy.secondApprovalThreshold);
  const code = large
    ? `Approving more than ${formatMoney(fromBaseUnits(large))} USDT at once asks for a fresh two-factor code`
    : 'Every approval asks for a fresh two-factor code';
  const two = second
    ? `a withdrawal above ${formatMoney(fromBaseUnits(second))} USDT needs two different admins: the first approval is recorded, the second pays it`
    : 'one admin approves any amount (no second-approval threshold)';
  return `${code}; ${two}.`;
}

/** What approving the selection will do, before the click: "Approving 3 withdrawals: 2 paid …; 1 recorded as …". */
export function selectionSentence(plan: ApprovalPlan, count: number): string {
  if (count === 0) return 'Select withdrawals to see what approving them does.';
  const parts: string[] = [];
  if (plan.pays.length > 0) {
    const completing =
      plan.completes.length > 0 ? ` (${plan.completes.length} completing another admin's first approval)` : '';
    parts.push(`${plan.pays.length} paid from the hot wallet${completing}`);
  }
  if (plan.firstOfTwo.length > 0)
    parts.push(`${plan.firstOfTwo.length} recorded as the first of two approvals (a second admin pays)`);
  if (plan.mine.length > 0) parts.push(`${plan.mine.length} you approved first left to another admin`);
  if (plan.needsCode) parts.push('a fresh two-factor code is asked');
  return `Approving ${plural(count, 'withdrawal')}: ${parts.join('; ')}.`;
}

/** To the second admin: who gave each first approval, and that theirs completes it. */
export function secondApprovalNotes(plan: ApprovalPlan): string[] {
  return plan.completes.map((w) => {
    const first = w.approvals[0]!;
    const by = first.by ? `@${first.by.username}` : 'an admin';
    return `Withdrawal #${w.id}: first approved by ${by} on ${formatDateTime(first.at)}. Your approval completes it and the payout goes.`;
  });
}
