import {
  convertAtRate,
  fromBaseUnits,
  toBaseUnits,
  type Conversion,
  type ConversionQuote,
  type ConversionTerms,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { assertCanSpend, postEntry } from '../ledger/post';
import { readSettings } from '../settings/service';
import { unprocessable } from '../shared/errors';
import { sql } from '../db/sql';

/** Income wallet to point wallet at the rate in force, above a minimum (PRODUCT.md §9). */

async function price(db: Sql, amountText: string) {
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

export async function conversionTerms(ctx: AppContext): Promise<ConversionTerms> {
  const { db } = ctx;
  const settings = await readSettings(db);
  return { minimum: fromBaseUnits(toBaseUnits(settings.conversionMinimum)), rate: settings.conversionRate };
}

export async function quoteConversion(ctx: AppContext, memberId: number, amountText: string): Promise<ConversionQuote> {
  const { db } = ctx;
  const { amount, points, rate } = await price(db, amountText);
  await assertCanSpend(db, { member: memberId, wallet: 'income' }, amount);
  return { amount: fromBaseUnits(amount), rate, points: fromBaseUnits(points) };
}

export async function convertToPoints(
  ctx: AppContext,
  memberId: number,
  amountText: string,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<Conversion>> {
  const { db } = ctx;
  const request = { amount: fromBaseUnits(toBaseUnits(amountText)) };
  return runIdempotent(db, { userId: memberId, operation: 'conversion', key: idempotencyKey, request }, async (tx) => {
    const { amount, points, rate } = await price(tx, amountText);
    const entry = await postEntry(tx, {
      type: 'conversion',
      memo: `Point conversion: ${fromBaseUnits(amount)} USDT to ${fromBaseUnits(points)} points (rate ${rate} per USDT)`,
      actorId: memberId,
      refs: { rate },
      lines: [
        { account: { member: memberId, wallet: 'income' }, amount: -amount },
        { account: { system: 'point_sales' }, amount },
        { account: { member: memberId, wallet: 'points' }, amount: points },
        { account: { system: 'points_issued' }, amount: -points },
      ],
    });
    const { rows } = await tx.query<{ id: number; created_at: Date }>(
      sql`INSERT INTO conversions (entry_id, user_id, amount, rate, points, created_at) VALUES (${entry.id}, ${memberId}, ${amount.toString()}, ${rate}, ${points.toString()}, ${entry.createdAt}) RETURNING id, created_at`,
    );
    return {
      status: 201,
      body: {
        id: rows[0]!.id,
        entryId: entry.id,
        amount: fromBaseUnits(amount),
        rate,
        points: fromBaseUnits(points),
        createdAt: new Date(rows[0]!.created_at).toISOString(),
      },
    };
  });
}
