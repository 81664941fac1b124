import { z } from 'zod';
import { idSchema } from './ids';
import { rankBadgeSchema } from './ranks';
import { text } from './text';
import { emailAddressSchema, emailSchema, fullNameSchema, usernameSchema } from './auth';
import { pageOf, roleSchema } from './common';
import { entryTypeSchema, ledgerWalletSchema, unitSchema, walletBalanceSchema, walletSchema } from './ledger';
import { dayFilterSchema, listFormatSchema, listQuery, searchSchema, sortSchema } from './lists';
import { amountSchema, moneySchema } from './money';
import { memberTeamSchema } from './network';

export const accountStatusSchema = z.enum(['active', 'blocked'], { error: () => 'status must be active or blocked' });

// ---- manual adjustments ----------------------------------------------------

/** What the member reads in their wallet history when the admin writes nothing for them. */
export const DEFAULT_ADJUSTMENT_MEMO = 'Balance adjustment';

/**
 * A manual adjustment. `reason` is the admin's internal note (required, as
 * the API has always had it): it stays with admins (the audit log).
 * `memo` is what the member reads in their wallet history; without one
 * they read `DEFAULT_ADJUSTMENT_MEMO`, never the reason.
 */
export const adjustmentBodySchema = z.object({
  wallet: walletSchema,
  direction: z.enum(['credit', 'debit'], { error: () => 'direction must be credit or debit' }),
  amount: amountSchema('Amount'),
  reason: text(
    { error: (issue) => (issue.input === undefined ? 'A reason is required' : 'reason must be text') },
    { label: 'The reason', multiline: true },
  )
    .trim()
    .min(3, 'A reason is required (at least 3 characters)')
    .max(500, 'The reason must be at most 500 characters'),
  memo: text(undefined, { label: 'The message to the member' })
    .trim()
    .max(200, 'The message to the member must be at most 200 characters')
    .optional()
    .transform((value) => value || undefined),
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

export const adjustmentSchema = z.object({
  entryId: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  wallet: walletSchema,
  direction: z.enum(['credit', 'debit']),
  amount: moneySchema,
  /** The wallet's balance after the adjustment. */
  balance: moneySchema,
  /** The admin's internal note. */
  reason: z.string(),
  /** What the member reads in their wallet history. */
  memo: z.string(),
  createdAt: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

// ---- transactions (every journal entry) ------------------------------------

export const postingSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  /** "alice / deposit wallet" or a system account such as "fees". */
  account: z.string(),
  member: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  wallet: ledgerWalletSchema.nullable(),
  system: z.string().nullable(),
  unit: unitSchema,
  amount: moneySchema,
  /** The member wallet's balance after this posting (system accounts carry none). */
  balanceAfter: moneySchema.nullable(),
});
export type Posting = z.infer<typeof postingSchema>;

export const journalEntrySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  memo: z.string(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: z.string(),
  /**
   * At most `POSTINGS_SHOWN` of the entry's postings: a
   * daily close is one entry with a posting per member paid, so a list never
   * ships them all. Filtered by member, the member's own postings come first;
   * otherwise the system side (the totals). The CSV has every posting.
   */
  postings: z.array(postingSchema),
  /** How many postings the entry has in all. */
  postingCount: z.number().int(),
  /** A matching close's entry: the close it paid, with its totals (the close report lists every member). */
  close: z
    .object({
      date: z.string(),
      members: z.number().int(),
      matched: z.string(),
      paid: moneySchema,
      flushed: moneySchema,
    })
    .nullable(),
});
/** The postings a list row carries at most; the rest are counted (`postingCount`). */
export const POSTINGS_SHOWN = 10;
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const transactionsQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'id', 'type'], '-createdAt'),
  type: entryTypeSchema.optional(),
  member: text(undefined, { label: 'member' })
    .trim()
    .max(32, 'member must be at most 32 characters')
    .optional()
    .transform((v) => v || undefined),
  wallet: walletSchema.optional(),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
  format: listFormatSchema,
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;
export const journalEntryPageSchema = pageOf(journalEntrySchema);

// ---- members -----------------------------------------------------------------

export const adminMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: emailAddressSchema,
  status: accountStatusSchema,
  role: roleSchema,
  sponsor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  joinedAt: z.string(),
  balances: z.object({ deposit: moneySchema, income: moneySchema, points: moneySchema }),
  team: memberTeamSchema,
  /** The rank held now (docs/plan.md "Ranks"); null: none. */
  rank: rankBadgeSchema,
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const membersQuerySchema = listQuery({
  sort: sortSchema(
    [
      'joinedAt',
      'username',
      'fullName',
      'email',
      'sponsor',
      'team',
      'referrals',
      'deposit',
      'income',
      'points',
      'status',
    ],
    '-joinedAt',
  ),
  search: searchSchema,
  status: accountStatusSchema.optional(),
  sponsor: text(undefined, { label: 'sponsor' })
    .trim()
    .max(32, 'sponsor must be at most 32 characters')
    .optional()
    .transform((v) => v || undefined),
  /** Members holding this rank now. */
  rank: idSchema('rank').optional(),
  format: listFormatSchema,
});
export type MembersQuery = z.infer<typeof membersQuerySchema>;
export const adminMemberPageSchema = pageOf(adminMemberSchema);

export const adminMemberDetailSchema = adminMemberSchema.extend({
  phone: z.string().nullable(),
  country: z.string().nullable(),
  wallets: z.array(walletBalanceSchema),
  directReferrals: z.number().int(),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;

// ---- users -----------------------------------------------------------------

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: emailAddressSchema,
  fullName: z.string(),
  role: roleSchema,
  status: accountStatusSchema,
  isMember: z.boolean(),
  /** The company's root member (top of both trees): never blocked, and it does not sign in. */
  isCompanyRoot: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const usersQuerySchema = listQuery({
  sort: sortSchema(
    ['createdAt', 'username', 'fullName', 'email', 'role', 'status', 'member', 'lastSignInAt'],
    '-createdAt',
  ),
  search: searchSchema,
  role: roleSchema.optional(),
  status: accountStatusSchema.optional(),
  format: listFormatSchema,
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);

/**
 * No `password`: admins never set another account's password. The new admin
 * is mailed a link to choose their own (`users.adminCreate`); a `password`
 * field is refused (400 VALIDATION_ERROR), not ignored.
 */
export const createAdminBodySchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    fullName: fullNameSchema,
  })
  .strict();
export type CreateAdminBody = z.infer<typeof createAdminBodySchema>;

/** No `password`: admins never set another account's password; they reset its sign-in (`users.adminResetSignIn`). */
export const updateUserBodySchema = z
  .object({
    status: accountStatusSchema,
    role: roleSchema,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send status or role');
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

// ---- audit log ---------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /**
   * The account the action was done to ("to whom"): the target member or
   * user, or the member of a redemption; null when it is not an account.
   */
  subject: z.object({ id: z.number().int(), username: z.string(), isMember: z.boolean() }).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'action'], '-createdAt'),
  action: text(undefined, { label: 'action' })
    .trim()
    .max(64, 'action must be at most 64 characters')
    .optional()
    .transform((v) => v || undefined),
  actor: text(undefined, { label: 'actor' })
    .trim()
    .max(32, 'actor must be at most 32 characters')
    .optional()
    .transform((v) => v || undefined),
  targetType: text(undefined, { label: 'targetType' })
    .trim()
    .max(32)
    .optional()
    .transform((v) => v || undefined),
  targetId: text(undefined, { label: 'targetId' })
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
  format: listFormatSchema,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);

/**
 * The audit chain as last verified (docs/decisions/0054-audit-chain.md): the
 * last entry found whole with every entry before it, and the first entry that
 * did not match, if one did not.
 */
export const auditVerificationSchema = z.object({
  lastVerified: z
    .object({
      /** Null when that entry has since been deleted. */
      id: z.number().int().nullable(),
      position: z.number().int(),
      /** SHA-256, hex. */
      hash: z.string(),
      createdAt: z.string().nullable(),
    })
    .nullable(),
  /** Entries in the chain (its head's position). */
  entries: z.number().int(),
  /** The last check, and the last that went through every entry; null before the first. */
  checkedAt: z.string().nullable(),
  fullCheckAt: z.string().nullable(),
  broken: z
    .object({
      position: z.number().int(),
      /** Null when the entry at that position is gone. */
      entryId: z.number().int().nullable(),
      reason: z.string(),
      foundAt: z.string(),
    })
    .nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

/** The mail outbox (no SMTP server configured): what the portal kept, newest first, links and codes redacted. */
export const outboxQuerySchema = listQuery({ to: text(undefined, { label: 'to' }).trim().max(254).optional() });
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxPageSchema = pageOf(outboxMailSchema);
