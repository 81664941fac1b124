import { z } from 'zod';
import { text } from './text';
import { pageOf } from './common';
import { dayFilterSchema, listQuery, searchSchema, sortSchema } from './lists';
import { amountSchema, moneySchema, units } from './money';

/** Every member has three wallets (PRODUCT.md §2). */
export const wallets = ['deposit', 'income', 'points'] as const;
export const walletSchema = z.enum(wallets, { error: () => 'wallet must be deposit, income or points' });
export type Wallet = z.infer<typeof walletSchema>;

export const WALLET_LABELS: Record<Wallet, string> = {
  deposit: 'Deposit wallet',
  income: 'Income wallet',
  points: 'Point wallet',
};

/**
 * In the books a member also has an account of what they owe after a
 * clawback larger than their income wallet (docs/plan.md, "Cancellations and
 * refunds"): never a wallet to spend from, but a line of the journal and of
 * the trial balance.
 */
export const ledgerWallets = [...wallets, 'owed'] as const;
export const ledgerWalletSchema = z.enum(ledgerWallets);
export type LedgerWallet = z.infer<typeof ledgerWalletSchema>;
export const LEDGER_WALLET_LABELS: Record<LedgerWallet, string> = { ...WALLET_LABELS, owed: 'Amount owed' };

export const unitSchema = z.enum(units);

/**
 * The kinds of journal entry. Later features add theirs here (purchase,
 * bonuses, deposits, withdrawals, redemptions).
 */
export const entryTypes = [
  'adjustment',
  'transfer',
  'conversion',
  'purchase',
  'repurchase',
  'matching_bonus',
  'rank_bonus',
  'redemption',
  'redemption_refund',
  'deposit',
  'withdrawal',
  'withdrawal_refund',
  'withdrawal_payout',
  'refund',
  'clawback',
  'owed_repayment',
] as const;
export const entryTypeSchema = z.enum(entryTypes, { error: () => `type must be one of: ${entryTypes.join(', ')}` });
export type EntryType = z.infer<typeof entryTypeSchema>;

export const ENTRY_TYPE_LABELS: Record<EntryType, string> = {
  adjustment: 'Adjustment',
  transfer: 'Transfer',
  conversion: 'Point conversion',
  purchase: 'Package purchase',
  repurchase: 'Repurchase',
  matching_bonus: 'Matching bonus',
  rank_bonus: 'Rank bonus',
  redemption: 'Product redemption',
  redemption_refund: 'Redemption refund',
  deposit: 'Deposit (BEP20)',
  withdrawal: 'Withdrawal',
  withdrawal_refund: 'Withdrawal refund',
  withdrawal_payout: 'Withdrawal paid',
  refund: 'Purchase refunded',
  clawback: 'Bonus clawed back',
  owed_repayment: 'Owed amount repaid',
};

export const walletBalanceSchema = z.object({
  wallet: walletSchema,
  label: z.string(),
  unit: unitSchema,
  balance: moneySchema,
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletsResponseSchema = z.object({
  wallets: z.array(walletBalanceSchema),
  /** What the member owes after a clawback larger than their income wallet (docs/plan.md, "Cancellations and refunds"): repaid first from later income; "0.00" when nothing. */
  owed: moneySchema,
});

/** One line of a wallet's history: a posting with the entry it belongs to. */
export const walletEntrySchema = z.object({
  id: z.number().int(),
  entryId: z.number().int(),
  wallet: walletSchema,
  unit: unitSchema,
  type: z.string(),
  /** Signed: positive in, negative out. */
  amount: moneySchema,
  balanceAfter: moneySchema,
  description: z.string(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/**
 * What a wallet line is to its owner: a purchase entry is
 * the buyer's purchase but their sponsors' referral bonus; a transfer is in
 * or out. The wallet history filters by these.
 */
export const ENTRY_KIND_LABELS = {
  referral_bonus: 'Referral bonus',
  matching_bonus: 'Matching bonus',
  rank_bonus: 'Rank bonus',
  transfer_in: 'Transfer received',
  transfer_out: 'Transfer sent',
  purchase: 'Package purchase',
  repurchase: 'Repurchase',
  conversion: 'Point conversion',
  adjustment: 'Adjustment',
  redemption: 'Product redemption',
  redemption_refund: 'Redemption refund',
} as const;
export type EntryKind = keyof typeof ENTRY_KIND_LABELS;
const entryKinds = Object.keys(ENTRY_KIND_LABELS) as [EntryKind, ...EntryKind[]];
export const entryKindSchema = z.enum(entryKinds, { error: () => `kind must be one of: ${entryKinds.join(', ')}` });

export const walletEntriesQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'amount'], '-createdAt'),
  type: entryTypeSchema.optional(),
  kind: entryKindSchema.optional(),
  direction: z.enum(['in', 'out'], { error: () => 'direction must be in or out' }).optional(),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
});

/** All three wallets' history at once, optionally one wallet. */
export const allEntriesQuerySchema = walletEntriesQuerySchema.extend({ wallet: walletSchema.optional() });
export type AllEntriesQuery = z.infer<typeof allEntriesQuerySchema>;

export const walletEntryPageSchema = pageOf(walletEntrySchema);

/**
 * The company's ledger accounts in words (apps/api/migrations/0002_ledger.sql, 0027): what an admin reads on
 * the transactions list instead of the account's code.
 */
export const SYSTEM_ACCOUNT_LABELS: Readonly<Record<string, string>> = {
  company_revenue: 'Company revenue (package sales)',
  bonus_expense: 'Bonuses paid',
  fees: 'Fees earned',
  withdrawals_in_flight: 'Withdrawals being paid',
  treasury: 'Treasury (USDT on chain)',
  adjustments: 'Company adjustments (USDT)',
  point_sales: 'Point sales',
  points_issued: 'Points issued',
  redemptions: 'Points redeemed for products',
  point_adjustments: 'Company adjustments (points)',
  operator_capital: 'Capital added by the operator',
};

// ---- transfers -------------------------------------------------------------

export const receiverUsernameSchema = text({
  error: (issue) => (issue.input === undefined ? 'Receiver username is required' : 'Receiver username must be text'),
})
  .trim()
  .min(1, 'Receiver username is required')
  .max(32, 'Receiver username must be at most 32 characters');

export const transferBodySchema = z.object({
  toUsername: receiverUsernameSchema,
  amount: amountSchema('Amount'),
});
export type TransferBody = z.infer<typeof transferBodySchema>;

export const partySchema = z.object({ id: z.number().int(), username: z.string(), fullName: z.string() });

export const transferSchema = z.object({
  id: z.number().int(),
  entryId: z.number().int(),
  from: partySchema,
  to: partySchema,
  /** What left the sender's deposit wallet. */
  amount: moneySchema,
  fee: moneySchema,
  /** What arrived in the receiver's deposit wallet: amount − fee. */
  received: moneySchema,
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferListQuerySchema = listQuery({
  direction: z.enum(['sent', 'received'], { error: () => 'direction must be sent or received' }).default('sent'),
  sort: sortSchema(['createdAt', 'amount'], '-createdAt'),
  search: searchSchema,
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
});
export type TransferListQuery = z.infer<typeof transferListQuerySchema>;
export const transferPageSchema = pageOf(transferSchema);

export const receiverQuerySchema = z.object({ username: receiverUsernameSchema });
export const receiverSchema = z.object({ username: z.string(), fullName: z.string() });
export type Receiver = z.infer<typeof receiverSchema>;

export const transferTermsSchema = z.object({ minimum: moneySchema, feePercent: z.string() });
export type TransferTerms = z.infer<typeof transferTermsSchema>;

export const transferQuoteSchema = z.object({
  receiver: receiverSchema,
  amount: moneySchema,
  fee: moneySchema,
  feePercent: z.string(),
  received: moneySchema,
});
export type TransferQuote = z.infer<typeof transferQuoteSchema>;

// ---- point conversion ------------------------------------------------------

export const conversionBodySchema = z.object({ amount: amountSchema('Amount') });

export const conversionSchema = z.object({
  id: z.number().int(),
  entryId: z.number().int(),
  /** USDT taken from the income wallet. */
  amount: moneySchema,
  /** Points per USDT at the time. */
  rate: z.string(),
  /** Points added to the point wallet. */
  points: moneySchema,
  createdAt: z.string(),
});
export type Conversion = z.infer<typeof conversionSchema>;

export const conversionListQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'amount'], '-createdAt'),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
});
export type ConversionListQuery = z.infer<typeof conversionListQuerySchema>;
export const conversionPageSchema = pageOf(conversionSchema);

export const conversionTermsSchema = z.object({ minimum: moneySchema, rate: z.string() });
export type ConversionTerms = z.infer<typeof conversionTermsSchema>;

export const conversionQuoteSchema = z.object({ amount: moneySchema, rate: z.string(), points: moneySchema });
export type ConversionQuote = z.infer<typeof conversionQuoteSchema>;

/** The optional `Idempotency-Key` header of money-moving requests. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': text(undefined, { label: 'Idempotency-Key' })
    .min(1, 'Idempotency-Key must not be empty')
    .max(200, 'Idempotency-Key must be at most 200 characters')
    .regex(/^[\x21-\x7E]+$/, 'Idempotency-Key may only contain printable ASCII characters without spaces')
    .optional(),
});
