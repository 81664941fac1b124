import { z } from 'zod';
import { pageOf } from './common';
import { text } from './text';
import { dayFilterSchema, listQuery, oneOrMoreSchema, searchSchema, sortSchema } from './lists';
import { amountSchema, moneySchema } from './money';

// ---- two-factor sign-in (TOTP) ---------------------------------------------

/** A six-digit code from the authenticator app, or a recovery code (xxxx-xxxx-xxxx). */
export const totpCodeSchema = text(
  { error: (issue) => (issue.input === undefined ? 'Code is required' : 'Code must be text') },
  { label: 'Code' },
)
  .trim()
  .min(6, 'Code must be the 6 digits shown by your authenticator app')
  .max(32, 'Code is too long');

export const twoFactorCodeBodySchema = z.object({ code: totpCodeSchema });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** True for an admin while the `adminsRequireTwoFactor` setting is on: the web app asks them to set it up. */
  required: z.boolean(),
  /** `required` and off, at the admin's first sign-in: the web app takes them straight to the set-up. */
  setupPrompt: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnabledSchema = z.object({
  enabled: z.literal(true),
  /** Shown once: each signs in (or signs off a withdrawal) once instead of a code. */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

// ---- withdrawal addresses --------------------------------------------------

export const addressInputSchema = text(
  { error: (issue) => (issue.input === undefined ? 'Address is required' : 'Address must be text') },
  { label: 'Address' },
)
  .trim()
  .min(1, 'Address is required')
  .max(100, 'Address is too long');

export const withdrawalAddressBodySchema = z.object({
  address: addressInputSchema,
  label: text(undefined, { label: 'Label' }).trim().max(60, 'Label must be at most 60 characters').optional(),
});

export const withdrawalAddressSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  label: z.string().nullable(),
  /** When it may first be used (the hold). */
  usableFrom: z.string(),
  usable: z.boolean(),
  createdAt: z.string(),
  removedAt: z.string().nullable(),
});
export type WithdrawalAddress = z.infer<typeof withdrawalAddressSchema>;
export const withdrawalAddressListSchema = z.object({
  items: z.array(withdrawalAddressSchema),
  holdHours: z.number().int(),
});
export type WithdrawalAddressList = z.infer<typeof withdrawalAddressListSchema>;

// ---- withdrawals -----------------------------------------------------------

export const withdrawalStatuses = ['pending', 'approved', 'paid', 'rejected', 'failed', 'refunded'] as const;
export const withdrawalStatusSchema = z.enum(withdrawalStatuses, {
  error: () => `status must be one of: ${withdrawalStatuses.join(', ')}`,
});
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const withdrawalBodySchema = z.object({
  amount: amountSchema('Amount'),
  address: addressInputSchema,
  totpCode: totpCodeSchema.optional(),
});
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

/** How a withdrawal is approved, fixed when its first approval is given (the settings then in force). */
export const approvalPolicies = ['one_admin', 'two_admins', 'automatic'] as const;
export type ApprovalPolicy = (typeof approvalPolicies)[number];

export const withdrawalApprovalSchema = z.object({
  /** The admin who approved; null for an automatic approval, and always null in a member's own withdrawals (admins stay unnamed to members). */
  by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** Given by the portal itself (the automatic approval policy), not by an admin. */
  automatic: z.boolean(),
  at: z.string(),
});

/** Where an approved withdrawal's payout stands while the payout job works on it (apps/api/src/withdrawals/payout/job.ts). */
export const livePayoutStates = ['queued', 'signed', 'broadcast', 'mined'] as const;

/** A payout broadcast (or signed) and not mined this many minutes after its first transaction was broadcast is stuck: an admin looks at it. */
export const STUCK_PAYOUT_MINUTES = 10;

export const withdrawalPayoutSchema = z.object({
  /** queued (no transaction yet) → signed → broadcast (sent, not mined) → mined (waiting for confirmations). */
  state: z.enum(livePayoutStates),
  /** Why a queued payout waits (over the company's daily payout cap; to its member, without the cap's figures), or null. */
  waiting: z.string().nullable(),
  /** The payout job's note on it while in flight (a held-up nonce, a refused broadcast); null, and always null to members. */
  note: z.string().nullable(),
  /** When its first transaction was broadcast; null before. */
  broadcastAt: z.string().nullable(),
  /** Broadcast (or signed) and not mined `STUCK_PAYOUT_MINUTES` after its first transaction was broadcast. */
  stuck: z.boolean(),
  /** Its latest signed transaction, and the explorer link when the portal has one. */
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
});
export type WithdrawalPayout = z.infer<typeof withdrawalPayoutSchema>;

/**
 * Why a pending withdrawal should not be paid as it stands (apps/api/src/withdrawals/flags.ts): its address was put on
 * the screening list after the request, its member is blocked, or the hot wallet cannot cover its payout after the
 * payouts already approved. `reason` is the admin's; `rejectWith` the rejection reason the member would read.
 */
export const WITHDRAWAL_FLAG_KINDS = ['screened', 'blocked', 'unfunded'] as const;
export const withdrawalFlagSchema = z.object({
  kind: z.enum(WITHDRAWAL_FLAG_KINDS),
  reason: z.string(),
  rejectWith: z.string(),
});
export type WithdrawalFlag = z.infer<typeof withdrawalFlagSchema>;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }),
  /** What left the income wallet. */
  amount: moneySchema,
  fee: moneySchema,
  /** What arrives on chain: amount − fee. */
  net: moneySchema,
  address: z.string(),
  status: withdrawalStatusSchema,
  /** The rejection reason, or why the payout failed. */
  reason: z.string().nullable(),
  txHash: z.string().nullable(),
  blockNumber: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The approvals given, first first: one, or two different admins above the second-approval threshold. */
  approvals: z.array(withdrawalApprovalSchema),
  /** Under which policy it was (or is being) approved, and the rule in words; null before any approval. */
  approvalPolicy: z.object({ kind: z.enum(approvalPolicies), description: z.string() }).nullable(),
  /** Its payout while the payout job works on it (approved, not paid or failed yet); null otherwise. */
  payout: withdrawalPayoutSchema.nullable(),
  /** What stands against paying a pending withdrawal, each with why (admins only: always empty in a member's own). */
  flags: z.array(withdrawalFlagSchema),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = pageOf(withdrawalSchema);

export const withdrawalListQuerySchema = listQuery({
  /** One status or several, comma-separated (`pending,approved,failed`: those not settled yet). */
  status: oneOrMoreSchema('status', withdrawalStatuses).optional(),
  sort: sortSchema(['createdAt', 'amount'], '-createdAt'),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
});
export type WithdrawalListQuery = z.infer<typeof withdrawalListQuerySchema>;

export const adminWithdrawalListQuerySchema = withdrawalListQuerySchema.extend({
  search: searchSchema,
  /**
   * `true`: only those that need an admin (apps/api/src/withdrawals/attention.ts): a first approval
   * waiting for a second admin, a payout held back by the daily payout cap, a stuck payout, a failed one, and a
   * pending one with a flag (its address screened since the request, its member blocked, the hot wallet short).
   */
  attention: z.enum(['true', 'false'], { error: 'attention must be true or false' }).optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
export type AdminWithdrawalListQuery = z.infer<typeof adminWithdrawalListQuerySchema>;

export const withdrawalTermsSchema = z.object({
  minimum: moneySchema,
  feePercent: z.string(),
  feeMinimum: moneySchema,
  requiresTwoFactor: z.boolean(),
  twoFactorEnabled: z.boolean(),
  onePending: z.boolean(),
  holdHours: z.number().int(),
  tokenDecimals: z.number().int(),
  balance: moneySchema,
  /** The largest one withdrawal may be; null without a maximum. */
  maximum: moneySchema.nullable(),
  /** What a member may withdraw in any 24 hours, what they asked in the last 24, and what is left now; null without a limit. */
  dailyLimit: z
    .object({ limit: moneySchema, used: moneySchema, left: moneySchema, freesAt: z.string().nullable() })
    .nullable(),
});
export type WithdrawalTerms = z.infer<typeof withdrawalTermsSchema>;

export const withdrawalQuoteQuerySchema = z.object({ amount: amountSchema('Amount') });
export const withdrawalQuoteSchema = z.object({ amount: moneySchema, fee: moneySchema, net: moneySchema });
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

export const rejectionBodySchema = z.object({
  reason: text(
    { error: (issue) => (issue.input === undefined ? 'Reason is required' : 'Reason must be text') },
    { label: 'Reason' },
  )
    .trim()
    .min(3, 'Reason must be at least 3 characters')
    .max(500, 'Reason must be at most 500 characters'),
});

export const bulkIdsSchema = z
  .array(z.number({ error: 'ids must be withdrawal ids' }).int().positive(), {
    error: 'ids must be a list of withdrawal ids',
  })
  .min(1, 'Select at least one withdrawal')
  .max(1000, 'At most 1000 withdrawals at once');
/** `totpCode`: a fresh code, asked when the approval moves more than the `largeApprovalThreshold` setting (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md). */
export const bulkApproveBodySchema = z.object({ ids: bulkIdsSchema, totpCode: totpCodeSchema.optional() });
export const approvalCodeBodySchema = z.object({ totpCode: totpCodeSchema.optional() });
export const bulkRejectBodySchema = z.object({ ids: bulkIdsSchema, reason: rejectionBodySchema.shape.reason });
const bulkNoteSchema = z.object({ id: z.number().int(), message: z.string() });
export const bulkResultSchema = z.object({
  done: z.array(z.number().int()),
  skipped: z.array(bulkNoteSchema),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
/**
 * An approval's answer: `done` were approved; `waiting`, present when some
 * money does not go out now, names those with a first approval waiting for
 * a second admin and those approved whose payout the daily cap holds back;
 * `unfunded`, present when the hot wallet cannot cover them, names the
 * approved ones whose payouts will fail until it is funded.
 */
export const approvalResultSchema = bulkResultSchema.extend({
  waiting: z.array(bulkNoteSchema).optional(),
  unfunded: z.array(bulkNoteSchema).optional(),
});
export type ApprovalResult = z.infer<typeof approvalResultSchema>;

export const hotWalletSchema = z.object({
  configured: z.boolean(),
  address: z.string().nullable(),
  token: moneySchema,
  gas: moneySchema,
  /** Approved, not yet paid: what the hot wallet still owes. */
  owed: moneySchema,
  /** Pending withdrawals' net amounts, should all be approved. */
  pendingNet: moneySchema,
  warning: z.string().nullable(),
});
export type HotWallet = z.infer<typeof hotWalletSchema>;

export const memberActivitySchema = z.object({
  items: z.array(z.object({ type: z.string(), description: z.string(), amount: moneySchema, createdAt: z.string() })),
});
