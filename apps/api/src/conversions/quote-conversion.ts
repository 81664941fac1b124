import { fromBaseUnits, type ConversionQuote } from '@portal/contract';
import type { AppContext } from '../context';
import { assertCanSpend } from '../ledger/post';
import { priceConversion } from './price';

export async function quoteConversion(ctx: AppContext, memberId: number, amountText: string): Promise<ConversionQuote> {
  const { db } = ctx;
  const { amount, points, rate } = await priceConversion(db, amountText);
  await assertCanSpend(db, { member: memberId, wallet: 'income' }, amount);
  return { amount: fromBaseUnits(amount), rate, points: fromBaseUnits(points) };
}
