import { fromBaseUnits, type AllEntriesQuery, type EntryKind, type Wallet, type WalletEntry } from '@portal/contract';
import type { Sql } from '../db/database';
import { WALLET_UNITS } from '../ledger/accounts';
import { bvText } from '../packages/service';
import { orderBy, pageClause, SqlFilter, whereDays } from '../shared/sql-filter';

interface EntryRow {
  id: number;
  entry_id: number;
  wallet: Wallet;
  type: string;
  amount: string;
  balance_after: string;
  memo: string;
  refs: Record<string, unknown>;
  created_at: Date;
  /** A matching bonus line: what the member's close matched, and at which rate. */
  matched: string | null;
  rate: string | null;
}

/** Each owner-facing kind as a condition on the line (read side only: the books are not touched). */
const KIND_SQL: Record<EntryKind, string> = {
  referral_bonus: `e.type IN ('purchase', 'repurchase') AND p.amount > 0`,
  matching_bonus: `e.type = 'matching_bonus'`,
  transfer_in: `e.type = 'transfer' AND p.amount > 0`,
  transfer_out: `e.type = 'transfer' AND p.amount < 0`,
  purchase: `e.type = 'purchase' AND p.amount < 0`,
  repurchase: `e.type = 'repurchase' AND p.amount < 0`,
  conversion: `e.type = 'conversion'`,
  adjustment: `e.type = 'adjustment'`,
  redemption: `e.type = 'redemption'`,
  redemption_refund: `e.type = 'redemption_refund'`,
};

const SORTS = { createdAt: 'p.id', amount: 'p.amount' } as const;

function filterOf(memberId: number, query: AllEntriesQuery): SqlFilter {
  const filter = new SqlFilter();
  filter.where(`a.owner_id = ${filter.param(memberId)}`);
  if (query.wallet) filter.where(`a.wallet = ${filter.param(query.wallet)}`);
  if (query.type) filter.where(`e.type = ${filter.param(query.type)}`);
  if (query.kind) filter.where(KIND_SQL[query.kind]);
  if (query.direction === 'in') filter.where('p.amount > 0');
  if (query.direction === 'out') filter.where('p.amount < 0');
  whereDays(filter, 'e.created_at', query.from, query.to);
  return filter;
}

const FROM = `postings p
  JOIN ledger_accounts a ON a.id = p.account_id
  JOIN journal_entries e ON e.id = p.entry_id`;

/** The member's own record of a close (one row by primary key), never the close's other members. */
const MATCHING_JOIN = `LEFT JOIN matching_bonuses mb
  ON e.type = 'matching_bonus' AND mb.close_date = (e.refs->>'closeDate')::date AND mb.member_id = a.owner_id`;

export async function countWalletEntries(sql: Sql, memberId: number, query: AllEntriesQuery): Promise<number> {
  const filter = filterOf(memberId, query);
  const { rows } = await sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${FROM} ${filter.sql}`, filter.params);
  return rows[0]!.total;
}

/** A member's wallet history: one line per posting, newest first by default. */
export async function listWalletEntries(sql: Sql, memberId: number, query: AllEntriesQuery, window: { limit: number; offset: number }): Promise<WalletEntry[]> {
  const filter = filterOf(memberId, query);
  const { rows } = await sql.query<EntryRow>(
    `SELECT p.id, p.entry_id, a.wallet, e.type, p.amount, p.balance_after, e.memo, e.refs, e.created_at,
            mb.matched::text AS matched, mb.rate
       FROM ${FROM} ${MATCHING_JOIN} ${filter.sql}
      ${orderBy(query.sort, SORTS, 'p.id')} ${pageClause(filter, window)}`,
    filter.params,
  );
  return rows.map((row) => ({
    id: row.id,
    entryId: row.entry_id,
    wallet: row.wallet,
    unit: WALLET_UNITS[row.wallet],
    type: row.type,
    amount: fromBaseUnits(BigInt(row.amount)),
    balanceAfter: fromBaseUnits(BigInt(row.balance_after)),
    description: describeForMember(row.type, { ...row.refs, ...(row.matched === null ? {} : { matched: bvText(row.matched), rate: row.rate }) }, row.memo, BigInt(row.amount) > 0n),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** What a line means to the member who sees it in one of their wallets. */
export function describeForMember(type: string, refs: Record<string, unknown>, memo: string, incoming: boolean): string {
  switch (type) {
    case 'transfer':
      return incoming ? `Transfer from ${String(refs.from ?? 'a member')}` : `Transfer to ${String(refs.to ?? 'a member')}`;
    case 'conversion':
      return incoming ? 'Points from income wallet conversion' : 'Converted to points';
    case 'adjustment':
      return `${incoming ? 'Credit' : 'Debit'} by the company: ${memo}`;
    case 'purchase':
    case 'repurchase':
      // The buyer pays from the deposit wallet; the sponsors above earn their referral bonus in the same entry.
      return incoming
        ? `Referral bonus: ${String(refs.buyer ?? 'a member')} bought ${String(refs.package ?? 'a package')}`
        : `${type === 'purchase' ? 'Purchase' : 'Repurchase'} of ${String(refs.package ?? 'a package')}`;
    case 'matching_bonus':
      // One line of a close that paid every matched member: the member sees their own day and volume only.
      return refs.closeDate
        ? `Matching bonus for ${String(refs.closeDate)}${refs.matched ? `: ${String(refs.matched)} BV matched at ${String(refs.rate)}%` : ''}`
        : memo || 'Matching bonus';
    default:
      return memo || type;
  }
}
