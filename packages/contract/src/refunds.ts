import { z } from 'zod';
import { moneySchema } from './money';
import { rejectionReasonSchema } from './products';

/**
 * Cancellations and refunds of package purchases (docs/plan.md,
 * "Cancellations and refunds"): the price back to the deposit wallet, the
 * bonuses the purchase paid clawed back, what cannot be taken left owed.
 */
export const refundKindSchema = z.enum(['cancellation', 'refund']);
export type RefundKind = z.infer<typeof refundKindSchema>;

/** One member's clawback for a purchase undone. */
export const clawbackSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  /** The referral bonus the purchase paid them. */
  referral: moneySchema,
  /** Matching bonus paid minus what the recomputed closes pay (negative: the recomputation pays more). */
  matching: moneySchema,
  /** Taken from the income wallet now. */
  taken: moneySchema,
  /** Left owed: repaid first from later income. */
  owed: moneySchema,
});
export type Clawback = z.infer<typeof clawbackSchema>;

export const refundSchema = z.object({
  id: z.number().int(),
  purchaseId: z.number().int(),
  kind: refundKindSchema,
  /** The price returned to the buyer's deposit wallet. */
  price: moneySchema,
  packageName: z.string(),
  buyer: z.string(),
  reason: z.string(),
  /** The buyer's package after the refund (null: no package, not active). */
  packageAfter: z.string().nullable(),
  clawbacks: z.array(clawbackSchema),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundBodySchema = z.object({ reason: rejectionReasonSchema });

/** A refund asked by one admin and waiting for a second (above the large-approval threshold). */
export const refundRequestSchema = z.object({
  requestedBy: z.object({ id: z.number().int(), username: z.string() }),
  reason: z.string(),
  at: z.string(),
});

/** An admin's refund: made (`refund`), or asked and waiting for another admin to confirm it (`request`). */
export const refundOutcomeSchema = z.object({
  state: z.enum(['requested', 'refunded']),
  request: refundRequestSchema.nullable(),
  refund: refundSchema.nullable(),
});
export type RefundOutcome = z.infer<typeof refundOutcomeSchema>;
