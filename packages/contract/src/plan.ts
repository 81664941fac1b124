import { z } from 'zod';
import { text } from './text';
import { pageOf } from './common';
import { dayFilterSchema, listFormatSchema, listQuery, searchSchema, sortSchema } from './lists';
import { amountSchema, moneySchema } from './money';
import { hotWalletCheckSchema } from './health';
import { refundKindSchema, refundRequestSchema } from './refunds';

/**
 * Packages, purchases and the compensation plan (PRODUCT.md §4–§5).
 * Prices and caps are USDT decimal strings; BV (business volume) is a plain
 * decimal string too, but counts volume, not money.
 */

export const BV_PATTERN = /^(0|[1-9]\d{0,12})(\.\d{1,18})?$/;
export const bvSchema = text({ error: 'BV must be a decimal string such as "100"' })
  .regex(BV_PATTERN, 'BV must be a plain decimal number (at most 18 decimals, below one trillion)')
  .meta({ description: 'Business volume as a decimal string', example: '100' });

/** A daily cap may be zero (the package earns no matching bonus). */
export const capSchema = text({ error: 'Daily cap must be a decimal string such as "100"' })
  .regex(BV_PATTERN, 'Daily cap must be a plain decimal number with at most 18 decimals')
  .meta({ description: 'Daily matching cap in USDT', example: '100' });

export const packageNameSchema = text({ error: 'Name is required' }, { label: 'Name' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name must be at most 60 characters');

export const packageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: moneySchema,
  bv: z.string(),
  dailyCap: moneySchema,
  active: z.boolean(),
});
export type Package = z.infer<typeof packageSchema>;
export const packageListSchema = z.object({ items: z.array(packageSchema) });

export const packageCreateSchema = z.object({
  name: packageNameSchema,
  price: amountSchema('Price'),
  bv: bvSchema,
  dailyCap: capSchema,
  active: z.boolean().default(true),
});
export type PackageCreate = z.infer<typeof packageCreateSchema>;
export const packagePatchSchema = z
  .object({
    name: packageNameSchema,
    price: amountSchema('Price'),
    bv: bvSchema,
    dailyCap: capSchema,
    active: z.boolean(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change');
export type PackagePatch = z.infer<typeof packagePatchSchema>;

export const purchaseKindSchema = z.enum(['purchase', 'repurchase'], {
  error: () => 'kind must be purchase or repurchase',
});
export type PurchaseKind = z.infer<typeof purchaseKindSchema>;

export const purchaseBodySchema = z.object({
  packageId: z
    .number({ error: 'packageId must be a package id (a number)' })
    .int('packageId must be a whole number')
    .positive('packageId must be positive'),
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

export const referralPaidSchema = z.object({
  level: z.number().int(),
  username: z.string(),
  rate: z.string(),
  amount: moneySchema,
});

export const purchaseSchema = z.object({
  id: z.number().int(),
  entryId: z.number().int(),
  kind: purchaseKindSchema,
  package: z.object({ id: z.number().int(), name: z.string() }),
  price: moneySchema,
  bv: z.string(),
  /** Referral bonuses this purchase paid to uplines. */
  referralPaid: z.array(referralPaidSchema),
  /** True while the buyer is not placed: the BV waits and flows up at placement. */
  volumePending: z.boolean(),
  createdAt: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseListQuerySchema = listQuery({
  kind: purchaseKindSchema.optional(),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;
export const purchaseListItemSchema = purchaseSchema.omit({ referralPaid: true, volumePending: true }).extend({
  /** How and when it was undone (docs/plan.md, "Cancellations and refunds"); null while it stands. */
  refunded: z.object({ kind: refundKindSchema, at: z.string() }).nullable(),
  /** Until when the member may cancel it themselves; null when they may not (window off or past, or undone). */
  cancelUntil: z.string().nullable(),
});
export type PurchaseListItem = z.infer<typeof purchaseListItemSchema>;
export const purchasePageSchema = pageOf(purchaseListItemSchema);

/** Every member's purchases, for the admins' refunds (`/admin/purchases`). */
export const adminPurchaseListQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'price'], '-createdAt'),
  kind: purchaseKindSchema.optional(),
  state: z.enum(['standing', 'undone'], { error: () => 'state must be standing or undone' }).optional(),
  search: searchSchema,
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
  format: listFormatSchema,
});
export type AdminPurchaseListQuery = z.infer<typeof adminPurchaseListQuerySchema>;
export const adminPurchaseSchema = purchaseListItemSchema.omit({ cancelUntil: true }).extend({
  member: z.object({ id: z.number().int(), username: z.string() }),
  /** The reason an admin gave for a refund ('' for a member's cancellation or while it stands). */
  reason: z.string(),
  /** A refund asked by one admin, waiting for a second to confirm it. */
  refundRequest: refundRequestSchema.nullable(),
  /** Its refund takes two admins: the price is above the large-approval threshold. */
  needsSecondAdmin: z.boolean(),
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;
export const adminPurchasePageSchema = pageOf(adminPurchaseSchema);

/** Where a member stands in the plan. */
export const planStatusSchema = z.object({
  active: z.boolean(),
  package: z.object({ id: z.number().int(), name: z.string(), dailyCap: moneySchema }).nullable(),
  placed: z.boolean(),
  pendingVolume: z.string(),
  leftVolume: z.string(),
  rightVolume: z.string(),
  /** What a close would pay on the legs as they stand now (one day's cap); null unless active and placed. */
  nextClose: z.object({ matched: z.string(), bonus: moneySchema, flushed: moneySchema }).nullable(),
  /**
   * The matched BV at which a close pays the package's full daily cap at the
   * matching rate in force (the least BV `plan_match_day` pays the cap for):
   * the weaker leg's BV past it is flushed, not paid. Null where `nextClose`
   * is, and where the matching rate is 0 (matching pays nothing).
   */
  capMatched: z.string().nullable(),
  /**
   * A close computed and being reviewed by an admin before its bonuses are
   * credited (the `closeReview` setting); `payAfter`: when it pays itself if
   * nobody paid it sooner (null: when an admin pays it). Null when none waits.
   */
  closeInReview: z.object({ date: z.string(), payAfter: z.string().nullable() }).nullable(),
});
export type PlanStatus = z.infer<typeof planStatusSchema>;

export const bonusTypeSchema = z.enum(['referral', 'matching'], { error: () => 'type must be referral or matching' });

export const referralBonusSchema = z.object({
  id: z.number().int(),
  member: z.string(),
  buyer: z.string(),
  purchaseId: z.number().int(),
  purchaseKind: purchaseKindSchema,
  packageName: z.string(),
  level: z.number().int(),
  rate: z.string(),
  base: moneySchema,
  amount: moneySchema,
  createdAt: z.string(),
});
export type ReferralBonus = z.infer<typeof referralBonusSchema>;

export const matchingBonusSchema = z.object({
  closeDate: z.string(),
  member: z.string(),
  leftVolume: z.string(),
  rightVolume: z.string(),
  matched: z.string(),
  rate: z.string(),
  earned: moneySchema,
  dailyCap: moneySchema,
  paid: moneySchema,
  flushed: moneySchema,
  carryLeft: z.string(),
  carryRight: z.string(),
  /** `in_review`: the close is being reviewed, `paid` is what will be credited when it is paid. */
  state: z.enum(['paid', 'in_review']),
});
export type MatchingBonus = z.infer<typeof matchingBonusSchema>;

export const bonusListQuerySchema = listQuery({
  type: bonusTypeSchema.default('referral'),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
});
export type BonusListQuery = z.infer<typeof bonusListQuerySchema>;
export const adminBonusListQuerySchema = bonusListQuerySchema.extend({
  member: searchSchema,
  format: listFormatSchema,
  sort: sortSchema(['date', 'amount'], '-date'),
});
export type AdminBonusListQuery = z.infer<typeof adminBonusListQuerySchema>;
export const bonusPageSchema = z.object({
  type: bonusTypeSchema,
  items: z.array(z.union([referralBonusSchema, matchingBonusSchema])),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Sum of the amounts paid over the whole filtered list. */
  totalPaid: moneySchema,
});

export const incomePeriodSchema = z.enum(['day', 'month'], { error: () => 'period must be day or month' });
export const incomeSummaryQuerySchema = z.object({
  period: incomePeriodSchema.default('day'),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
});
export type IncomeSummaryQuery = z.infer<typeof incomeSummaryQuerySchema>;
/** Income by kind: referral and matching bonuses, and rank bonuses on the day they were credited. */
export const incomeByKindSchema = z.object({
  referral: moneySchema,
  matching: moneySchema,
  rank: moneySchema,
  total: moneySchema,
});
export const incomeSummarySchema = z.object({
  totals: incomeByKindSchema,
  series: z.array(incomeByKindSchema.extend({ period: z.string() })),
});

export const closeBodySchema = z.object({ date: dayFilterSchema });
export const closeResultSchema = z.object({
  date: z.string(),
  closedAt: z.string(),
  /** False when the day had already been closed: this answer is that close's. */
  created: z.boolean(),
  /** Days the close covers: more than 1 when the days before it were not closed; the daily caps are multiplied by it. */
  days: z.number().int(),
  rate: z.string(),
  members: z.number().int(),
  matched: z.string(),
  paid: moneySchema,
  flushed: moneySchema,
  /** Volume events brought up to date by the close's roll-up. */
  events: z.number().int(),
  /** `in_review`: computed (records written, legs cut) but nothing credited until it is paid (the `closeReview` setting). */
  state: z.enum(['paid', 'in_review']),
  /** When its bonuses were credited: the close's own moment, or its pay's; null while in review. */
  paidAt: z.string().nullable(),
  /** In review: when it pays itself if nobody paid it (null: only an admin pays it). */
  payAfter: z.string().nullable(),
});
export type CloseResult = z.infer<typeof closeResultSchema>;
export const closeListSchema = z.object({ items: z.array(closeResultSchema.omit({ created: true })) });

export const closeDateParamsSchema = z.object({ date: dayFilterSchema });

/** One member's payout in a close's review. */
export const closePayoutSchema = z.object({
  memberId: z.number().int(),
  member: z.string(),
  matched: z.string(),
  earned: moneySchema,
  dailyCap: moneySchema,
  paid: moneySchema,
  flushed: moneySchema,
});
export type ClosePayout = z.infer<typeof closePayoutSchema>;

/** What an admin reviews before paying a close (apps/api/src/plan/review.ts). */
export const closeReviewSchema = z.object({
  close: closeResultSchema.omit({ created: true }),
  /** Members the close credits (a bonus above zero). */
  membersPaid: z.number().int(),
  /** Package sales on the UTC days the close covers, and the close's total against them (%, 2 decimals; null without sales). */
  sales: moneySchema,
  payoutRatio: z.string().nullable(),
  /** The largest payouts, largest first. */
  largest: z.array(closePayoutSchema),
  /** Payouts above the threshold set when the close ran: how many, their sum, and the largest of them. */
  overThreshold: z.object({
    threshold: moneySchema,
    count: z.number().int(),
    total: moneySchema,
    items: z.array(closePayoutSchema),
  }),
  /** Rank bonuses the close found, and (in review) those its pay credits: every one recorded and not credited yet. */
  rankBonuses: z.object({ count: z.number().int(), total: moneySchema }),
});
export type CloseReview = z.infer<typeof closeReviewSchema>;

/** What waits for an admin's decision, in the order the admin dashboard's "To decide" lists it. */
export const TO_DECIDE_KINDS = [
  'withdrawals',
  'secondApprovals',
  'redemptions',
  'heldDeposits',
  'closeReview',
  'failedPayouts',
  'stuckPayouts',
  'heldByCap',
  'settingChanges',
  'setup',
] as const;
export type ToDecideKind = (typeof TO_DECIDE_KINDS)[number];

/**
 * One kind of decision waiting: how many, their sum (USDT; points for redemptions; null where nothing is summed:
 * setting changes, the set-up) and when the oldest began to wait (null when none waits). `setup` counts 1 while
 * the portal is in set-up (any one admin's change applies at once), waiting since the first member joined.
 */
export const toDecideSchema = z.object({
  kind: z.enum(TO_DECIDE_KINDS),
  count: z.number().int(),
  amount: moneySchema.nullable(),
  oldestAt: z.string().nullable(),
});
export type ToDecide = z.infer<typeof toDecideSchema>;

export const adminDashboardSchema = z.object({
  members: z.number().int(),
  activeMembers: z.number().int(),
  sales: moneySchema,
  purchases: z.number().int(),
  bonusesPaid: z.object({ referral: moneySchema, matching: moneySchema, total: moneySchema }),
  /** Bonuses paid / package sales, as a percentage string with 2 decimals; null before any sale. */
  payoutRatio: z.string().nullable(),
  lastClose: z.string().nullable(),
  /**
   * The last 90 UTC days, oldest first, every day present (zeros on a quiet day); today is the last, so far.
   * `bonuses` is referral plus matching paid that day (a close under review counts once paid); `payoutRatio` is the day's.
   */
  series: z.array(
    z.object({
      day: z.string(),
      sales: moneySchema,
      bonuses: moneySchema,
      payoutRatio: z.string().nullable(),
      newMembers: z.number().int(),
      deposits: moneySchema,
      withdrawalsPaid: moneySchema,
    }),
  ),
  /** Deposits credited to members' wallets, ever. */
  deposits: z.object({ count: z.number().int(), total: moneySchema }),
  /** Withdrawals paid on chain, ever: what members asked (`amount`), of which the company kept `fees`. */
  withdrawalsPaid: z.object({ count: z.number().int(), amount: moneySchema, fees: moneySchema }),
  /**
   * What the chain says (platform/metrics/chain-snapshot.ts, read at most every 15 s); null without a chain.
   * `reconciliation` is the one BEP20 Wallets computes (deposits/wallets.ts reconcile); `error` says why a read failed.
   */
  chain: z
    .object({
      wallets: z.array(z.object({ role: z.enum(['treasury', 'hot', 'gas']), token: moneySchema, bnb: moneySchema })),
      /** Blocks and seconds between the chain's head and the deposit watcher's last credited block; null before its first pass. */
      watcherLag: z.object({ blocks: z.number().int(), seconds: z.number().int() }).nullable(),
      reconciliation: z.object({ difference: moneySchema, unexplained: moneySchema, balanced: z.boolean() }).nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** USDT the ledger says the company holds on chain (treasury, hot wallet, deposit addresses); BEP20 Wallets reconciles it with the chain. */
  treasury: moneySchema,
  /** What waits for an admin's decision. */
  pending: z.object({
    withdrawals: z.object({ count: z.number().int(), amount: moneySchema }),
    redemptions: z.object({ count: z.number().int(), points: moneySchema }),
    /** Withdrawals whose payout failed (hot wallet short, reverted, nonce taken): each waits for a Retry or a Refund; `amount` is what members asked. */
    failedPayouts: z.object({ count: z.number().int(), amount: moneySchema }),
    /** Deposits from a screened sender, held for an admin's Credit or Reject (decision 0036). */
    heldDeposits: z.object({ count: z.number().int(), amount: moneySchema }),
    /** First approvals waiting for a second admin (above the second-approval threshold). */
    secondApprovals: z.number().int(),
    /** Approved payouts the company's daily payout cap keeps in the queue. */
    heldByCap: z.number().int(),
    /** Payouts broadcast and not mined `STUCK_PAYOUT_MINUTES` after their first transaction was broadcast. */
    stuckPayouts: z.number().int(),
  }),
  /** Every kind of decision waiting for an admin, each listed (count 0 when none waits), in `TO_DECIDE_KINDS` order. */
  toDecide: z.array(toDecideSchema),
  /** The hot wallet as /api/health says it: `low` below its low-water mark or short of the payouts being sent. */
  hotWallet: hotWalletCheckSchema,
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
