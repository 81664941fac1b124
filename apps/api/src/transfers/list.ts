import type { Transfer, TransferListQuery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays, containsPattern } from '../shared/sql-list';
import { transferItem } from './answer';

/** A member's transfers, sent or received: searched by the other party's name, newest first by default. */
interface TransferRow {
  id: number;
  entry_id: number;
  amount: string;
  fee: string;
  created_at: Date;
  f_id: number;
  f_username: string;
  f_full_name: string;
  r_id: number;
  r_username: string;
  r_full_name: string;
}

const TRANSFERS = defineList({
  select: sql`SELECT t.id, t.entry_id, t.amount, t.fee, t.created_at,
         f.id AS f_id, f.username AS f_username, f.full_name AS f_full_name,
         r.id AS r_id, r.username AS r_username, r.full_name AS r_full_name
    FROM transfers t JOIN users f ON f.id = t.from_user_id JOIN users r ON r.id = t.to_user_id`,
  counted: sql`transfers t JOIN users f ON f.id = t.from_user_id JOIN users r ON r.id = t.to_user_id`,
  sorts: { createdAt: 't.id', amount: 't.amount' },
  tieBreaker: 't.id',
  toItem: (row: TransferRow): Transfer =>
    transferItem({
      id: row.id,
      entryId: row.entry_id,
      from: { id: row.f_id, username: row.f_username, fullName: row.f_full_name },
      to: { id: row.r_id, username: row.r_username, fullName: row.r_full_name },
      amount: row.amount,
      fee: row.fee,
      createdAt: new Date(row.created_at),
    }),
});

export function memberTransfers(db: Sql, memberId: number, query: TransferListQuery): Promise<ListAnswer<Transfer>> {
  const sent = query.direction === 'sent';
  const mine = sent ? sql`t.from_user_id` : sql`t.to_user_id`;
  const other = sent ? sql`r` : sql`f`;
  const pattern = query.search && containsPattern(query.search);
  const where = [
    sql`${mine} = ${memberId}`,
    pattern ? sql`(${other}.username ILIKE ${pattern} OR ${other}.full_name ILIKE ${pattern})` : undefined,
    ...betweenDays(sql`t.created_at`, query.from, query.to),
  ];
  return TRANSFERS.page(db, { where, sort: query.sort }, query);
}
