import type { Refund } from '@portal/contract';
import type { AppContext } from '../context';
import type { Actor } from '../audit/write-audit';
import { writeAudit } from '../audit/write-audit';
import { ownMoney } from '../shared/own-money';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { undoPurchase } from './undo-purchase';

/**
 * An admin refunds any member's purchase, at any time, with a reason
 * (two-factor: the endpoint's gate), with the cancellation's effects
 * (undo-purchase.ts); never their own (docs/decisions/0050-no-admin-acts-on-their-own-money.md).
 * Audited in the refund's transaction.
 */
export function refundPurchase(
  ctx: AppContext,
  actor: Actor,
  purchaseId: number,
  reason: string,
  idempotencyKey: string | undefined,
): Promise<IdempotentAnswer<Refund>> {
  const scope = {
    userId: actor.userId,
    operation: 'purchase_refund',
    key: idempotencyKey,
    request: { purchaseId, reason },
  };
  return runIdempotent(ctx.db, scope, async (tx) => {
    const body = await undoPurchase(tx, {
      purchaseId,
      kind: 'refund',
      actorId: actor.userId,
      reason,
      check(purchase) {
        if (purchase.memberId === actor.userId)
          throw ownMoney('This is your own purchase: another admin must refund it.');
      },
    });
    await writeAudit(tx, {
      actor,
      action: 'purchase.refund',
      targetType: 'purchase',
      targetId: purchaseId,
      details: { reason, buyer: body.buyer, package: body.packageName, price: body.price, clawbacks: body.clawbacks },
    });
    return { status: 200, body };
  });
}
