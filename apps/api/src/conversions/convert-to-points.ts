import { fromBaseUnits, toBaseUnits, type Conversion } from '@portal/contract';
import type { AppContext } from '../context';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { postEntry } from '../ledger/post';
import { sql } from '../platform/db/sql';
import { priceConversion } from './price';

export async function convertToPoints(
  ctx: AppContext,
  memberId: number,
  amountText: string,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<Conversion>> {
  const { db } = ctx;
  const request = { amount: fromBaseUnits(toBaseUnits(amountText)) };
  return runIdempotent(db, { userId: memberId, operation: 'conversion', key: idempotencyKey, request }, async (tx) => {
    const { amount, points, rate } = await priceConversion(tx, amountText);
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
