import { z } from 'zod';
import { reconciliationSchema } from './deposits';
import { ledgerWalletSchema, unitSchema, walletSchema } from './ledger';
import { dayFilterSchema, listFormatSchema } from './lists';
import { moneySchema } from './money';

/**
 * The books for a period (`/admin/books/trial-balance`): UTC days, both
 * inclusive, as the Transactions list filters them, so its CSV of the same
 * days is this trial balance's journal line by line.
 */
export const trialBalanceQuerySchema = z
  .object({ from: dayFilterSchema, to: dayFilterSchema, format: listFormatSchema })
  .refine((query) => query.from <= query.to, { message: 'from must be on or before to', path: ['to'] });
export type TrialBalanceQuery = z.infer<typeof trialBalanceQuerySchema>;

/**
 * Amounts on the side an accountant reads them: a posting that adds to a
 * member's wallet is a credit (the portal owes it), USDT arriving on chain a
 * debit of the treasury. A balance is on one side, the other is "0.00".
 */
const sides = {
  openingDebit: moneySchema,
  openingCredit: moneySchema,
  debits: moneySchema,
  credits: moneySchema,
  closingDebit: moneySchema,
  closingCredit: moneySchema,
};

const trialBalanceLineSchema = z.object({
  /** `treasury`, `fees`, …, or `members_deposit`, `members_income`, `members_points`, `members_owed`. */
  code: z.string(),
  account: z.string(),
  /** A company account, or the members' wallets of one kind summed (the control account of the wallets). */
  kind: z.enum(['system', 'members']),
  wallet: ledgerWalletSchema.nullable(),
  /** The ledger accounts the line sums: 1 for a company account, the wallets with a posting for members. */
  accounts: z.number().int(),
  unit: unitSchema,
  ...sides,
});
export type TrialBalanceLine = z.infer<typeof trialBalanceLineSchema>;

const trialBalanceTotalSchema = z.object({
  unit: unitSchema,
  ...sides,
  /** Debits equal credits, opening and closing balances too. */
  balanced: z.boolean(),
});

/** The members' wallets of a kind: their closing line against the wallets' own running balances at the period's end. */
const walletsCheckSchema = z.object({
  wallet: walletSchema,
  unit: unitSchema,
  /** The closing credit of the line, from the postings. */
  fromPostings: moneySchema,
  /** The wallets' balances now, less what moved on them after the period. */
  fromWallets: moneySchema,
  equal: z.boolean(),
});

/** The chain beside the books: read now, so only for a period that ends today (or later). */
const booksChainSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('read'), at: z.string(), reconciliation: reconciliationSchema }),
  /** The period ended before today: the chain is read as it is now, not as it was. */
  z.object({ state: z.literal('past') }),
  /** The portal runs without a chain. */
  z.object({ state: z.literal('off') }),
  z.object({ state: z.literal('unavailable'), error: z.string() }),
]);
export type BooksChain = z.infer<typeof booksChainSchema>;

export const trialBalanceSchema = z.object({
  from: z.string(),
  to: z.string(),
  lines: z.array(trialBalanceLineSchema),
  totals: z.array(trialBalanceTotalSchema),
  wallets: z.array(walletsCheckSchema),
  chain: booksChainSchema,
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;
