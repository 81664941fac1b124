import { convertAtRate, fromBaseUnits, toBaseUnits } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { readSettings } from '../settings/in-force';
import { unprocessable } from '../shared/errors';

/** Income wallet to point wallet at the rate in force, above a minimum (PRODUCT.md §9): the amount and its points. */
export async function priceConversion(db: Sql, amountText: string) {
  const settings = await readSettings(db);
  const amount = toBaseUnits(amountText);
  const minimum = toBaseUnits(settings.conversionMinimum);
  if (amount < minimum) {
    throw unprocessable('BELOW_MINIMUM', `The minimum conversion is ${fromBaseUnits(minimum)} USDT.`, 'amount');
  }
  const points = convertAtRate(amount, settings.conversionRate);
  if (points <= 0n)
    throw unprocessable('AMOUNT_TOO_SMALL', 'This amount converts to no points at the current rate.', 'amount');
  return { amount, points, rate: settings.conversionRate };
}
