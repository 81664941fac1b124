import { endpoint } from '../endpoint';
import type { ApiErrorCode } from '../errors';
import { idempotencyErrors } from './shared-errors';
import { idParamSchema } from '../ids';
import { idempotencyHeadersSchema } from '../ledger';
import { refundBodySchema, refundOutcomeSchema, refundSchema } from '../refunds';

/** What undoing a purchase refuses (apps/api/src/refunds/undo-purchase.ts). */
const undoErrors = [
  'PURCHASE_NOT_FOUND',
  'PURCHASE_ALREADY_REFUNDED',
  'CLOSE_AWAITING_REVIEW',
  ...idempotencyErrors,
] as const satisfies readonly ApiErrorCode[];

/** `/api/purchases/:id/cancel` (the buyer), `/api/admin/purchases/:id/refund` (admins). */
export const refunds = {
  cancel: endpoint({
    method: 'POST',
    path: '/purchases/:id/cancel',
    params: idParamSchema,
    headers: idempotencyHeadersSchema,
    status: 200,
    answer: refundSchema,
    errors: [...undoErrors, 'CANCELLATION_WINDOW_CLOSED'],
    tags: ['packages'],
    summary:
      'Cancel your purchase within the cancellation window: the price back to your deposit wallet, the bonuses it paid clawed back (accepts Idempotency-Key)',
  }),
  refund: endpoint({
    method: 'POST',
    path: '/admin/purchases/:id/refund',
    twoFactor: true,
    params: idParamSchema,
    body: refundBodySchema,
    headers: idempotencyHeadersSchema,
    status: 200,
    answer: refundOutcomeSchema,
    errors: [...undoErrors, 'OWN_MONEY', 'SECOND_APPROVAL_SAME_ADMIN', 'REFUND_ALREADY_ASKED'],
    tags: ['admin'],
    summary:
      "Refund any member's purchase with a reason, as a cancellation, at any time; above the large-approval threshold the first admin asks and a second confirms (audited; accepts Idempotency-Key)",
  }),
};
