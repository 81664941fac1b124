import { fromBaseUnits, toBaseUnits, type TransferBody, type TransferQuote } from '@portal/contract';
import type { AppContext } from '../context';
import { readSettings } from '../settings/in-force';
import { transferPrice } from './price';
import { checkTransfer } from './transfer-check';

/** Everything the confirmation dialog restates, priced and refused as the transfer itself would be. */
export async function quoteTransfer(
  ctx: AppContext,
  input: { senderId: number; body: TransferBody },
): Promise<TransferQuote> {
  const price = transferPrice(toBaseUnits(input.body.amount), await readSettings(ctx.db));
  const receiver = await checkTransfer(ctx.db, input.senderId, input.body, price);
  return {
    receiver,
    amount: fromBaseUnits(price.amount),
    fee: fromBaseUnits(price.fee),
    feePercent: price.feePercent,
    received: fromBaseUnits(price.received),
  };
}
