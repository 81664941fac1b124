import {
  convertAtRate,
  fromBaseUnits,
  toBaseUnits,
  type Conversion,
  type ConversionListQuery,
  type ConversionQuote,
  type ConversionTerms,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { assertCanSpend, postEntry } from '../ledger/post';
import { readSettings } from '../settings/service';
import { unprocessable } from '../shared/errors';
import { betweenDays, orderBy, pageClause, where } from '../shared/sql-list';
import { sql } from '../db/sql';

/** Income wallet to point wallet at the rate in force, above a minimum (PRODUCT.md §9). */
export function createConversionService(ctx: AppContext) {
  const { db } = ctx;

  async function price(db: Sql, amountText: string) {
    const settings = await readSettings(db);
    const amount = toBaseUnits(amountText);
    const minimum = toBaseUnits(settings.conversionMinimum);
    if (amount < minimum) {
      throw unprocessable('BELOW_MINIMUM', `The minimum conversion is ${fromBaseUnits(minimum)} USDT.`, 'amount');
    }
    const points = convertAtRate(amount, settings.conversionRate);
    if (points <= 0n) throw unprocessable('AMOUNT_TOO_SMALL', 'This amount converts to no points at the current rate.', 'amount');
    return { amount, points, rate: settings.conversionRate };
  }

  return {
    async terms(): Promise<ConversionTerms> {
      const settings = await readSettings(db);
      return { minimum: fromBaseUnits(toBaseUnits(settings.conversionMinimum)), rate: settings.conversionRate };
    },

    async quote(memberId: number, amountText: string): Promise<ConversionQuote> {
      const { amount, points, rate } = await price(db, amountText);
      await assertCanSpend(db, { member: memberId, wallet: 'income' }, amount);
      return { amount: fromBaseUnits(amount), rate, points: fromBaseUnits(points) };
    },

    async create(memberId: number, amountText: string, idempotencyKey?: string): Promise<IdempotentAnswer<Conversion>> {
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
    },

    async list(memberId: number, query: ConversionListQuery, window: { limit: number; offset: number }) {
      const filter = where(sql`c.user_id = ${memberId}`, ...betweenDays(sql`c.created_at`, query.from, query.to));
      const [count, page] = await Promise.all([
        db.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM conversions c ${filter}`),
        db.query<{ id: number; entry_id: number; amount: string; rate: string; points: string; created_at: Date }>(
          sql`SELECT c.id, c.entry_id, c.amount, c.rate, c.points, c.created_at FROM conversions c ${filter}
            ${orderBy(query.sort, { createdAt: 'c.id', amount: 'c.amount' }, 'c.id')} ${pageClause(window)}`,
        ),
      ]);
      const items: Conversion[] = page.rows.map((row) => ({
        id: row.id,
        entryId: row.entry_id,
        amount: fromBaseUnits(BigInt(row.amount)),
        rate: row.rate,
        points: fromBaseUnits(BigInt(row.points)),
        createdAt: new Date(row.created_at).toISOString(),
      }));
      return { items, total: count.rows[0]!.total };
    },
  };
}
