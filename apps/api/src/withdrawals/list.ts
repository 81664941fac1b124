import type { AdminWithdrawalListQuery, Withdrawal, WithdrawalListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList, type ListFilter } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays, containsPattern } from '../shared/sql-list';
import { needsAttention } from './attention';
import { hotWalletFree, type HotWalletFree } from './flags';
import { toWithdrawal, WITHDRAWAL_SELECT, type WithdrawalRow, type WithdrawalViewer } from './rows';

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

function filterOf(
  query: WithdrawalListQuery | AdminWithdrawalListQuery,
  now: Date,
  memberId?: number,
  hot: HotWalletFree | null = null,
): ListFilter<WithdrawalRow> {
  const pattern = 'search' in query && query.search ? containsPattern(query.search) : undefined;
  return {
    where: [
      memberId !== undefined ? sql`w.user_id = ${memberId}` : undefined,
      // One status or several (the member's withdrawals on their way: pending, approved, failed).
      query.status ? sql`w.status = ANY(${query.status}::text[])` : undefined,
      'attention' in query && query.attention === 'true' ? needsAttention(now, hot) : undefined,
      pattern
        ? sql`(u.username ILIKE ${pattern} OR w.address ILIKE ${pattern} OR w.tx_hash ILIKE ${pattern})`
        : undefined,
      ...betweenDays(sql`w.created_at`, query.from, query.to),
    ],
    sort: query.sort,
  };
}

/** The list, its items carrying the explorer links of the portal's chain, as `viewer` may see them (rows.ts). */
const withdrawalList = (ctx: AppContext, viewer: WithdrawalViewer, hot: HotWalletFree | null = null) =>
  defineList({
    select: WITHDRAWAL_SELECT,
    counted: sql`withdrawals w JOIN users u ON u.id = w.user_id`,
    sorts: SORTS,
    tieBreaker: 'w.id',
    keyOf: (row) => row.id,
    toItem: (row: WithdrawalRow) => toWithdrawal(ctx, row, viewer, hot),
    csv: { name: 'withdrawals', columns: CSV_COLUMNS },
  });

/** The member's own withdrawals, a page at a time. */
export const memberWithdrawals = (
  ctx: AppContext,
  memberId: number,
  query: WithdrawalListQuery,
): Promise<ListAnswer<Withdrawal>> =>
  withdrawalList(ctx, 'member').page(ctx.db, filterOf(query, ctx.now(), memberId), query);

/**
 * Every withdrawal: a page, or with `format=csv` the whole filtered list in the same order. A list that can hold
 * pending ones (the approval page's) reads the hot wallet once, for the flag of a payout it cannot cover (flags.ts).
 */
export async function adminWithdrawals(
  ctx: AppContext,
  query: AdminWithdrawalListQuery,
): Promise<ListAnswer<Withdrawal>> {
  const pending = query.attention === 'true' || query.status?.includes('pending') === true;
  const hot = pending && query.format !== 'csv' ? await hotWalletFree(ctx) : null;
  return withdrawalList(ctx, 'admin', hot).answer(ctx.db, filterOf(query, ctx.now(), undefined, hot), query, ctx.now());
}
