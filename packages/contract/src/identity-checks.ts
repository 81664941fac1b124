import { z } from 'zod';
import { pageOf } from './common';
import { listFormatSchema, listQuery, oneOrMoreSchema, searchSchema, sortSchema } from './lists';
import { moneySchema } from './money';
import { rejectionReasonSchema } from './products';

/**
 * Identity checks (docs/decisions/0070-identity-checks.md): a member uploads
 * the front and back of an identity document and a selfie; an admin with
 * two-factor approves or rejects them with a reason; the withdrawal settings
 * say when an approved check is needed to withdraw.
 */

export const identitySides = ['front', 'back', 'selfie'] as const;
export const identitySideSchema = z.enum(identitySides, { error: 'side must be front, back or selfie' });
export type IdentitySide = z.infer<typeof identitySideSchema>;

export const IDENTITY_SIDE_LABELS: Record<IdentitySide, string> = {
  front: 'Front of the identity document',
  back: 'Back of the identity document',
  selfie: 'A selfie holding the document',
};

/** `none`: nothing uploaded; `incomplete`: some sides missing; `pending`: waiting for an admin. */
export const identityStatuses = ['none', 'incomplete', 'pending', 'approved', 'rejected'] as const;
export const identityStatusSchema = z.enum(identityStatuses);
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

export const identityDocumentSchema = z.object({
  id: z.number().int(),
  side: identitySideSchema,
  width: z.number().int(),
  height: z.number().int(),
  uploadedAt: z.iso.datetime(),
});
export type IdentityDocument = z.infer<typeof identityDocumentSchema>;

/** When the settings in force ask for an approved check before a withdrawal. */
export const identityRequirementSchema = z.object({
  always: z.boolean(),
  /** A single withdrawal above this needs it (null: no such rule). */
  above: moneySchema.nullable(),
  /** Withdrawals adding up to more than this over 30 days need it (null: no such rule). */
  above30Days: moneySchema.nullable(),
});
export type IdentityRequirement = z.infer<typeof identityRequirementSchema>;

/** What the member sees under Account settings → Identity. */
export const identityStatusAnswerSchema = z.object({
  status: identityStatusSchema,
  /** The sides still to upload for the current submission. */
  missing: z.array(identitySideSchema),
  documents: z.array(identityDocumentSchema),
  /** Why the last submission was rejected. */
  reason: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  required: identityRequirementSchema,
});
export type IdentityStatusAnswer = z.infer<typeof identityStatusAnswerSchema>;

export const identitySideParamSchema = z.object({ side: identitySideSchema });

export const identityReviewSchema = z.object({
  /** The member's user id (one check per member). */
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  status: identityStatusSchema,
  submission: z.number().int(),
  submittedAt: z.iso.datetime().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
  documents: z.array(identityDocumentSchema),
});
export type IdentityReview = z.infer<typeof identityReviewSchema>;
export const identityReviewPageSchema = pageOf(identityReviewSchema);

export const identityReviewListQuerySchema = listQuery({
  sort: sortSchema(['submittedAt', 'username'], 'submittedAt'),
  /** Part of the username or full name. */
  search: searchSchema,
  status: oneOrMoreSchema('status', ['incomplete', 'pending', 'approved', 'rejected']).optional(),
  format: listFormatSchema,
});
export type IdentityReviewListQuery = z.infer<typeof identityReviewListQuerySchema>;

export const identityDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
    reason: rejectionReasonSchema.optional(),
  })
  .refine((body) => body.decision === 'approve' || body.reason !== undefined, {
    message: 'Give the member a reason for the rejection',
    path: ['reason'],
  });
export type IdentityDecision = z.infer<typeof identityDecisionSchema>;
