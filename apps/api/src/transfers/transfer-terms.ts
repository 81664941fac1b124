import { fromBaseUnits, toBaseUnits, type TransferTerms } from '@portal/contract';
import type { AppContext } from '../context';
import { readSettings } from '../settings/in-force';

/** The minimum and the fee in force. */
export async function transferTerms(ctx: AppContext): Promise<TransferTerms> {
  const settings = await readSettings(ctx.db);
  return { minimum: fromBaseUnits(toBaseUnits(settings.transferMinimum)), feePercent: settings.transferFeePercent };
}
