import { feeFor, fromBaseUnits, toBaseUnits, DECIMALS, type Settings } from '@portal/contract';
import { badRequest, unprocessable } from '../shared/errors';

/**
 * The price of a withdrawal, said once: the minimum, the token's precision,
 * the fee (the percentage, at least the floor, rounded up to whole token
 * units) and what is left to arrive.
 */

/** The fee for an amount: the percentage, at least the floor, in whole token units (rounded up). */
function withdrawalFee(amount: bigint, settings: Settings, tokenDecimals: number): bigint {
  const percent = feeFor(amount, settings.withdrawalFeePercent);
  const floor = toBaseUnits(settings.withdrawalFeeMinimum);
  const fee = percent > floor ? percent : floor;
  const step = 10n ** BigInt(DECIMALS - tokenDecimals);
  return ((fee + step - 1n) / step) * step;
}

/** The fee of an amount the rules accept; refuses one below the minimum, too precise for the token, or eaten by the fee. */
export function priceWithdrawal(amount: bigint, settings: Settings, tokenDecimals: number): bigint {
  const minimum = toBaseUnits(settings.withdrawalMinimum);
  if (amount < minimum)
    throw unprocessable('BELOW_MINIMUM', `The minimum withdrawal is ${fromBaseUnits(minimum)} USDT.`, 'amount');
  const step = 10n ** BigInt(DECIMALS - tokenDecimals);
  if (amount % step !== 0n) {
    throw badRequest(
      'AMOUNT_TOO_PRECISE',
      `Amount can have at most ${tokenDecimals} decimals (the token's precision).`,
      'amount',
    );
  }
  const fee = withdrawalFee(amount, settings, tokenDecimals);
  if (fee >= amount)
    throw unprocessable(
      'AMOUNT_TOO_SMALL',
      `The fee of ${fromBaseUnits(fee)} USDT would take the whole amount.`,
      'amount',
    );
  return fee;
}
