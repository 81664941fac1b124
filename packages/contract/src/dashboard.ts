import { z } from 'zod';
import { walletBalanceSchema, walletEntrySchema } from './ledger';
import { moneySchema } from './money';
import { incomeByKindSchema, planStatusSchema } from './plan';

/** Days of income the member dashboard's chart reads (it shows the last 7, 30 or 90 of them). */
export const DASHBOARD_INCOME_DAYS = 90;

/** One UTC day of a member's bonus income, by kind; every day of the range is present, days without income at 0. */
export const incomeDaySchema = z.object({
  day: z.string(),
  referral: moneySchema,
  matching: moneySchema,
  /** Rank bonuses, on the day they were credited. */
  rank: moneySchema,
});
export type IncomeDay = z.infer<typeof incomeDaySchema>;

/** Something of the member's that is not finished yet, with its state in words and the page that shows it. */
export const pendingItemSchema = z.object({
  kind: z.enum(['withdrawal', 'redemption', 'placement', 'deposit']),
  /** The withdrawal's, redemption's or deposit's id; null for a placement. */
  id: z.number().int().nullable(),
  /** A decimal amount in `unit`; null where there is none (a placement without volume waiting). */
  amount: z.string().nullable(),
  unit: z.enum(['USDT', 'points', 'BV']).nullable(),
  state: z.string(),
  /** When it started (requested, seen on chain, joined). */
  at: z.string(),
  /** The page behind it. */
  link: z.string(),
});
export type PendingItem = z.infer<typeof pendingItemSchema>;

/** Everything the member dashboard shows, in one answer (`GET /api/dashboard`, apps/api/src/dashboard/member.ts). */
export const memberDashboardSchema = z.object({
  /** True until the member has signed in a second time: the greeting says "Welcome", not "Welcome back". */
  firstVisit: z.boolean(),
  wallets: z.array(walletBalanceSchema),
  plan: planStatusSchema,
  /** Members in each leg of the binary tree; null while the member is not placed. */
  teams: z.object({ left: z.number().int(), right: z.number().int() }).nullable(),
  /** Members who joined with the member as their sponsor. */
  directReferrals: z.number().int(),
  /** The last DASHBOARD_INCOME_DAYS UTC days, oldest first, today last. */
  income: z.array(incomeDaySchema),
  /** All income so far, by kind. */
  incomeTotals: incomeByKindSchema,
  pending: z.array(pendingItemSchema),
  referralLink: z.string(),
  /** The latest movements of the member's wallets, newest first (at most 5). */
  recent: z.array(walletEntrySchema),
});
export type MemberDashboard = z.infer<typeof memberDashboardSchema>;
