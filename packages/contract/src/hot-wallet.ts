import { z } from 'zod';
import { text } from './text';
import { amountSchema, moneySchema } from './money';

/**
 * The hot wallet that pays withdrawals, funded by the portal itself
 * (docs/decisions/0034-the-portal-funds-its-hot-wallet.md): filled by the
 * consolidations, by a move from the treasury, or by capital an operator
 * sends and an admin books.
 */
export const hotWalletFundingSchema = z.object({
  address: z.string(),
  /** USDT on the hot wallet now. */
  balance: moneySchema,
  /** Approved payouts not yet mined plus the pending withdrawals' net amounts. */
  needed: moneySchema,
  /** The `hotWalletTarget` setting: what it should hold over `needed`. */
  target: moneySchema,
  /** The `hotWalletLowWater` setting (0: no warning). */
  lowWater: moneySchema,
  belowLowWater: z.boolean(),
  /** The `hotWalletCap` setting (0: no cap): the most it keeps over `needed` (never less than `target`). */
  cap: moneySchema,
  /** balance - needed - the cap, at least 0: what goes back to the treasury (by the portal where it holds the treasury's key, else by the operator). */
  aboveCap: moneySchema,
  /** needed + target - balance, at least 0: what the treasury should send it. */
  toMove: moneySchema,
  treasury: z.object({
    address: z.string(),
    balance: moneySchema,
    /** The portal holds the treasury's key (the embedded chain, or TREASURY_KEY): an admin moves funds from this page. */
    keyHeld: z.boolean(),
  }),
  /**
   * Where the treasury is cold and the hot wallet is short: an EIP-681 link
   * (`ethereum:<token>@<chain>/transfer?address=<hot>&uint256=<units>`) for
   * the operator's wallet to send `toMove`; null otherwise.
   */
  paymentUri: z.string().nullable(),
  /** USDT sent from outside addresses and booked as the company's capital, in total. */
  capitalBooked: moneySchema,
});
export type HotWalletFunding = z.infer<typeof hotWalletFundingSchema>;

export const treasuryMoveBodySchema = z.object({ amount: amountSchema() });
export type TreasuryMoveBody = z.infer<typeof treasuryMoveBodySchema>;

export const treasuryMoveSchema = z.object({
  id: z.number().int(),
  amount: moneySchema,
  fromAddress: z.string(),
  toAddress: z.string(),
  nonce: z.number().int(),
  txHash: z.string(),
  status: z.enum(['signed', 'sent', 'confirmed', 'failed']),
  explorerUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TreasuryMove = z.infer<typeof treasuryMoveSchema>;

export const capitalBodySchema = z.object({
  amount: amountSchema(),
  sender: text({ error: 'Sender must be an address' }, { label: 'Sender' })
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'Sender must be a BEP20 address: 0x followed by 40 hexadecimal characters')
    .meta({ description: 'The address the USDT came from', example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
  reason: text({ error: 'Reason is required' }, { label: 'Reason' })
    .trim()
    .min(3, 'Reason must be at least 3 characters')
    .max(200, 'Reason must be at most 200 characters'),
});
export type CapitalBody = z.infer<typeof capitalBodySchema>;

export const capitalBookingSchema = z.object({
  entryId: z.number().int(),
  amount: moneySchema,
  sender: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type CapitalBooking = z.infer<typeof capitalBookingSchema>;
