import type { AdminWithdrawalListQuery, Withdrawal, WithdrawalListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql, type SqlQuery } from '../db/sql';
import { everyRow, type CsvColumn } from '../shared/csv';
import { csvFile, listPage, type ListAnswer } from '../shared/list-reply';
import { pageWindow } from '../shared/pagination';
import { betweenDays, containsPattern, orderBy, pageClause, where } from '../shared/sql-list';
import { WITHDRAWAL_SELECT, type ToWithdrawal, type WithdrawalRow } from './rows';

/** The withdrawal lists: a member's own, and every member's for admins (search, CSV). */

const SORTS = { createdAt: 'w.id', amount: 'w.amount' } as const;

const CSV_COLUMNS: CsvColumn<Withdrawal>[] = [
  { header: 'id', value: (w) => w.id },
  { header: 'created_at', value: (w) => w.createdAt },
  { header: 'member', value: (w) => w.member.username },
  { header: 'amount', value: (w) => w.amount, raw: true },
  { header: 'fee', value: (w) => w.fee, raw: true },
  { header: 'net', value: (w) => w.net, raw: true },
  { header: 'address', value: (w) => w.address },
  { header: 'status', value: (w) => w.status },
  { header: 'reason', value: (w) => w.reason },
  { header: 'tx_hash', value: (w) => w.txHash },
  { header: 'block', value: (w) => w.blockNumber },
  { header: 'paid_at', value: (w) => w.paidAt },
];

function filterOf(query: WithdrawalListQuery | AdminWithdrawalListQuery, memberId?: number): SqlQuery {
  const pattern = 'search' in query && query.search ? containsPattern(query.search) : undefined;
  return where(
    memberId !== undefined ? sql`w.user_id = ${memberId}` : undefined,
    query.status ? sql`w.status = ${query.status}` : undefined,
    pattern ? sql`(u.username ILIKE ${pattern} OR w.address ILIKE ${pattern} OR w.tx_hash ILIKE ${pattern})` : undefined,
    ...betweenDays(sql`w.created_at`, query.from, query.to),
  );
}

export function createWithdrawalLists(ctx: AppContext, toWithdrawal: ToWithdrawal) {
  const { db } = ctx;

  async function select(filter: SqlQuery, sort: string, window: { limit: number; offset: number }): Promise<Withdrawal[]> {
    const { rows } = await db.query<WithdrawalRow>(sql`${WITHDRAWAL_SELECT} ${filter} ${orderBy(sort, SORTS, 'w.id')} ${pageClause(window)}`);
    return rows.map(toWithdrawal);
  }

  async function page(filter: SqlQuery, query: WithdrawalListQuery | AdminWithdrawalListQuery) {
    const [count, items] = await Promise.all([
      db.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM withdrawals w JOIN users u ON u.id = w.user_id ${filter}`),
      select(filter, query.sort, pageWindow(query)),
    ]);
    return listPage(items, count.rows[0]!.total, query);
  }

  return {
    /** The member's own withdrawals, a page at a time. */
    mine(memberId: number, query: WithdrawalListQuery): Promise<ListAnswer<Withdrawal>> {
      return page(filterOf(query, memberId), query);
    },

    /** Every withdrawal: a page, or with `format=csv` the whole filtered list in the same order. */
    async list(query: AdminWithdrawalListQuery): Promise<ListAnswer<Withdrawal>> {
      const filter = filterOf(query);
      if (query.format !== 'csv') return page(filter, query);
      return csvFile('withdrawals', ctx.now(), CSV_COLUMNS, everyRow((window) => select(filter, query.sort, window), false));
    },
  };
}
