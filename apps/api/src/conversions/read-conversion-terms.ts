import { fromBaseUnits, toBaseUnits, type ConversionTerms } from '@portal/contract';
import type { AppContext } from '../context';
import { readSettings } from '../settings/in-force';

export async function readConversionTerms(ctx: AppContext): Promise<ConversionTerms> {
  const settings = await readSettings(ctx.db);
  return { minimum: fromBaseUnits(toBaseUnits(settings.conversionMinimum)), rate: settings.conversionRate };
}
