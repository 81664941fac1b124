import { fromBaseUnits, type AllEntriesQuery, type EntryKind, type Wallet, type WalletEntry } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { WALLET_UNITS } from '../ledger/accounts';
import { bvText } from '../shared/bv';
import { sql, type SqlQuery, type ValueOrColumn } from '../platform/db/sql';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays } from '../shared/sql-list';

export interface EntryRow {
  id: number;
  entry_id: number;
  wallet: Wallet;
  type: string;
  amount: string;
  balance_after: string;
  memo: string;
  refs: Record<string, unknown>;
  /** A Date, or its text when read as JSON. */
  created_at: Date | string;
  /** A matching bonus line: what the member's close matched, and at which rate. */
  matched: string | null;
  rate: string | null;
}

/** Each owner-facing kind as a condition on the line (read side only: the books are not touched). */
const KIND_SQL: Record<EntryKind, SqlQuery> = {
  referral_bonus: sql`e.type IN ('purchase', 'repurchase') AND p.amount > 0`,
  matching_bonus: sql`e.type = 'matching_bonus'`,
  rank_bonus: sql`e.type = 'rank_bonus'`,
  transfer_in: sql`e.type = 'transfer' AND p.amount > 0`,
  transfer_out: sql`e.type = 'transfer' AND p.amount < 0`,
  purchase: sql`e.type = 'purchase' AND p.amount < 0`,
  repurchase: sql`e.type = 'repurchase' AND p.amount < 0`,
  conversion: sql`e.type = 'conversion'`,
  adjustment: sql`e.type = 'adjustment'`,
  redemption: sql`e.type = 'redemption'`,
  redemption_refund: sql`e.type = 'redemption_refund'`,
};

const SORTS = { createdAt: 'p.id', amount: 'p.amount' } as const;

function conditionsOf(memberId: number, query: AllEntriesQuery): Array<SqlQuery | undefined> {
  return [
    // What is owed is not a wallet: the wallet page says it apart (ledger/queries.ts `walletsAndOwed`).
    sql`a.owner_id = ${memberId} AND a.wallet <> 'owed'`,
    query.wallet ? sql`a.wallet = ${query.wallet}` : undefined,
    query.type ? sql`e.type = ${query.type}` : undefined,
    query.kind ? KIND_SQL[query.kind] : undefined,
    query.direction === 'in' ? sql`p.amount > 0` : undefined,
    query.direction === 'out' ? sql`p.amount < 0` : undefined,
    ...betweenDays(sql`e.created_at`, query.from, query.to),
  ];
}

const FROM = sql`postings p
  JOIN ledger_accounts a ON a.id = p.account_id
  JOIN journal_entries e ON e.id = p.entry_id`;

/** The member's own record of a close (one row by primary key), never the close's other members. */
const MATCHING_JOIN = sql`LEFT JOIN matching_bonuses mb
  ON e.type = 'matching_bonus' AND mb.close_date = (e.refs->>'closeDate')::date AND mb.member_id = a.owner_id`;

export function toWalletEntry(row: EntryRow): WalletEntry {
  return {
    id: row.id,
    entryId: row.entry_id,
    wallet: row.wallet,
    unit: WALLET_UNITS[row.wallet],
    type: row.type,
    amount: fromBaseUnits(BigInt(row.amount)),
    balanceAfter: fromBaseUnits(BigInt(row.balance_after)),
    description: describeForMember(
      row.type,
      { ...row.refs, ...(row.matched === null ? {} : { matched: bvText(row.matched), rate: row.rate }) },
      row.memo,
      BigInt(row.amount) > 0n,
    ),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A line's columns, money as text (also when read as JSON, by the member dashboard). */
const ENTRY_SELECT = sql`SELECT p.id, p.entry_id, a.wallet, e.type, p.amount::text AS amount,
         p.balance_after::text AS balance_after, e.memo, e.refs, e.created_at, mb.matched::text AS matched, mb.rate
    FROM ${FROM} ${MATCHING_JOIN}`;

const WALLET_ENTRIES = defineList({
  select: ENTRY_SELECT,
  counted: FROM,
  sorts: SORTS,
  tieBreaker: 'p.id',
  toItem: toWalletEntry,
});

/** A page of a member's wallet history (all wallets, or the one in `query.wallet`): one line per posting, newest first by default. */
export function walletHistory(db: Sql, memberId: number, query: AllEntriesQuery): Promise<ListAnswer<WalletEntry>> {
  return WALLET_ENTRIES.page(db, { where: conditionsOf(memberId, query), sort: query.sort }, query);
}

/**
 * The member's newest `n` lines, as the wallet history's first page sorted by `-createdAt` shows them (without
 * its count); `toWalletEntry` makes them items. The member dashboard embeds it in its statement.
 */
export function latestEntries(memberId: ValueOrColumn<number>, n: number): SqlQuery {
  return sql`${ENTRY_SELECT} WHERE a.owner_id = ${memberId} AND a.wallet <> 'owed' ORDER BY p.id DESC LIMIT ${n}`;
}

/** What a line means to the member who sees it in one of their wallets. */
export function describeForMember(
  type: string,
  refs: Record<string, unknown>,
  memo: string,
  incoming: boolean,
): string {
  switch (type) {
    case 'transfer':
      return incoming
        ? `Transfer from ${String(refs.from ?? 'a member')}`
        : `Transfer to ${String(refs.to ?? 'a member')}`;
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
