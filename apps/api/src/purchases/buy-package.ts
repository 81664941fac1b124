import type { Purchase, PurchaseBody } from '@portal/contract';
import type { AppContext } from '../context';
import { answerOfStoredKey, hashRequest, type IdempotentAnswer } from '../ledger/idempotency';
import { purchaseAnswer, storedPurchase } from './answer';
import type { PurchaseOutcome } from './purchase-group';
import { purchaseRefusal } from './refusal';

export interface BuyPackageInput {
  memberId: number;
  body: PurchaseBody;
  idempotencyKey?: string;
  /** The request's session when the route left its check to the statement (one round trip fewer). */
  uncheckedSessionId?: string;
}

/**
 * Purchase or repurchase of a package (PRODUCT.md §4) with the referral
 * bonus (§5). The purchase joins the group going to the database next
 * (`ctx.groups`, apps/api/src/money-groups.ts): one statement
 * (apps/api/sql/functions/plan_purchases.sql) runs the group's purchases in
 * order and one commit ends them. Each is checked as alone: its session, its
 * key, the member, the package and the balance; it writes the records, posts
 * the entry with the referral bonuses and stores the answer. A refusal is its
 * own outcome; a repeated key gets the stored answer without moving anything.
 */
export async function buyPackage(ctx: AppContext, input: BuyPackageInput): Promise<IdempotentAnswer<Purchase>> {
  const { memberId, body, idempotencyKey, uncheckedSessionId } = input;
  const requestHash = idempotencyKey === undefined ? null : hashRequest(body);
  let outcome: PurchaseOutcome;
  try {
    outcome = await ctx.groups.purchase({ buyer: memberId, session: uncheckedSessionId ?? null, package: body.packageId, key: idempotencyKey ?? null, hash: requestHash });
  } catch (error) {
    const e = error as { code?: string; message?: string; detail?: string };
    // Only reachable if a balance moved outside the statement's lock.
    if ((e?.code === 'PT422' && e.message === 'INSUFFICIENT_BALANCE') || (e?.code === '23514' && String(e.message).includes('member_balance_not_negative'))) {
      throw await purchaseRefusal(ctx.db, memberId, body.packageId, 'INSUFFICIENT_BALANCE', e.code === 'PT422' ? e.detail : undefined);
    }
    throw error;
  }
  if ('refused' in outcome) throw await purchaseRefusal(ctx.db, memberId, body.packageId, outcome.refused, outcome.detail);
  if (!outcome.replayed) return { status: 201, body: purchaseAnswer(outcome.response), replayed: false };
  const stored = answerOfStoredKey(outcome, requestHash!);
  return { ...stored, body: storedPurchase(stored.body) };
}
