import { fromBaseUnits, type Conversion, type ConversionListQuery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays } from '../shared/sql-list';

interface ConversionRow {
  id: number;
  entry_id: number;
  amount: string;
  rate: string;
  points: string;
  created_at: Date;
}

const CONVERSIONS = defineList({
  select: sql`SELECT c.id, c.entry_id, c.amount, c.rate, c.points, c.created_at FROM conversions c`,
  counted: sql`conversions c`,
  sorts: { createdAt: 'c.id', amount: 'c.amount' },
  tieBreaker: 'c.id',
  toItem: (row: ConversionRow): Conversion => ({
    id: row.id,
    entryId: row.entry_id,
    amount: fromBaseUnits(BigInt(row.amount)),
    rate: row.rate,
    points: fromBaseUnits(BigInt(row.points)),
    createdAt: new Date(row.created_at).toISOString(),
  }),
});

/** A member's conversions, newest first by default. */
export function memberConversions(
  db: Sql,
  memberId: number,
  query: ConversionListQuery,
): Promise<ListAnswer<Conversion>> {
  const where = [sql`c.user_id = ${memberId}`, ...betweenDays(sql`c.created_at`, query.from, query.to)];
  return CONVERSIONS.page(db, { where, sort: query.sort }, query);
}
