import { feeFor, toBaseUnits } from '@portal/contract';

/** A transfer's figures in base units, and the percentage its fee was taken at. */
export interface TransferPrice {
  amount: bigint;
  fee: bigint;
  /** What arrives: the amount less the fee. */
  received: bigint;
  minimum: bigint;
  feePercent: string;
}

/**
 * A transfer's price under `settings` (the settings in force): the fee is
 * taken from the amount by the contract's `feeFor`. Priced here only, for
 * the quote and for the movement; what refuses a price is
 * apps/api/sql/functions/ledger_transfer_refusal.sql's to say.
 */
export function transferPrice(
  amount: bigint,
  settings: { transferMinimum: string; transferFeePercent: string },
): TransferPrice {
  const fee = feeFor(amount, settings.transferFeePercent);
  return {
    amount,
    fee,
    received: amount - fee,
    minimum: toBaseUnits(settings.transferMinimum),
    feePercent: settings.transferFeePercent,
  };
}
