import type { Refund } from '@portal/contract';
import type { AppContext } from '../context';
import { notFound, unprocessable } from '../shared/errors';
import { readSettings } from '../settings/in-force';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { undoPurchase } from './undo-purchase';
import { cancelUntil } from './cancellation-window';

/**
 * The buyer cancels their own purchase within the cancellation window (the
 * `cancellationDays` setting, counted from the purchase; 0: members cannot
 * cancel). Everything else is the refund's (undo-purchase.ts).
 */
export function cancelPurchase(
  ctx: AppContext,
  memberId: number,
  purchaseId: number,
  idempotencyKey: string | undefined,
): Promise<IdempotentAnswer<Refund>> {
  const scope = { userId: memberId, operation: 'purchase_cancel', key: idempotencyKey, request: { purchaseId } };
  return runIdempotent(ctx.db, scope, async (tx) => {
    const settings = await readSettings(tx);
    const body = await undoPurchase(tx, {
      purchaseId,
      kind: 'cancellation',
      actorId: memberId,
      reason: '',
      check(purchase) {
        if (purchase.memberId !== memberId)
          throw notFound('PURCHASE_NOT_FOUND', `There is no purchase #${purchaseId}.`);
        const until = cancelUntil(purchase.createdAt, settings.cancellationDays);
        if (until === null)
          throw unprocessable(
            'CANCELLATION_WINDOW_CLOSED',
            'Purchases cannot be cancelled on this portal; ask support for a refund.',
          );
        if (ctx.now() > until)
          throw unprocessable(
            'CANCELLATION_WINDOW_CLOSED',
            `The cancellation window of ${settings.cancellationDays} days ended on ${until.toISOString().slice(0, 10)}; ask support for a refund.`,
          );
      },
    });
    return { status: 200, body };
  });
}
