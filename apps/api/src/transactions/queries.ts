import { fromBaseUnits, WALLET_LABELS, type JournalEntry, type Posting, type TransactionsQuery, type Unit, type Wallet } from '@portal/contract';
import type { Sql } from '../db/database';
import { orderBy, pageClause, SqlFilter, whereDays } from '../shared/sql-filter';

/** Every journal entry, filtered (admin Transactions list and its CSV). */
export type TransactionsFilter = Omit<TransactionsQuery, 'page' | 'pageSize' | 'format'> & {
  /** Entries up to this id only: a CSV export reads one fixed set while new entries arrive. */
  maxId?: number;
};

const SORTS = { createdAt: 'e.created_at', id: 'e.id', type: 'e.type' } as const;

function filterOf(query: TransactionsFilter): SqlFilter {
  const filter = new SqlFilter();
  if (query.type) filter.where(`e.type = ${filter.param(query.type)}`);
  whereDays(filter, 'e.created_at', query.from, query.to);
  if (query.maxId !== undefined) filter.where(`e.id <= ${filter.param(query.maxId)}`);
  if (query.member || query.wallet) {
    const conditions = ["a.kind = 'member'"];
    if (query.member) conditions.push(`a.owner_id = (SELECT id FROM users WHERE lower(username) = lower(${filter.param(query.member)}))`);
    if (query.wallet) conditions.push(`a.wallet = ${filter.param(query.wallet)}`);
    filter.where(`e.id IN (SELECT p.entry_id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE ${conditions.join(' AND ')})`);
  }
  return filter;
}

export async function countTransactions(sql: Sql, query: TransactionsFilter): Promise<number> {
  const filter = filterOf(query);
  const { rows } = await sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM journal_entries e ${filter.sql}`, filter.params);
  return rows[0]!.total;
}

export async function latestEntryId(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ id: number | null }>('SELECT max(id) AS id FROM journal_entries');
  return rows[0]?.id ?? 0;
}

interface EntryRow {
  id: number;
  type: string;
  memo: string;
  actor_id: number | null;
  actor_username: string | null;
  created_at: Date;
}

interface PostingRow {
  id: number;
  entry_id: number;
  account_id: number;
  amount: string;
  balance_after: string | null;
  code: string | null;
  wallet: Wallet | null;
  unit: Unit;
  owner_id: number | null;
  owner_username: string | null;
}

export async function listTransactions(sql: Sql, query: TransactionsFilter, window: { limit: number; offset: number }): Promise<JournalEntry[]> {
  const filter = filterOf(query);
  const entries = await sql.query<EntryRow>(
    `SELECT e.id, e.type, e.memo, e.actor_id, act.username AS actor_username, e.created_at
       FROM journal_entries e LEFT JOIN users act ON act.id = e.actor_id
       ${filter.sql}
      ${orderBy(query.sort, SORTS, 'e.id')} ${pageClause(filter, window)}`,
    filter.params,
  );
  if (entries.rows.length === 0) return [];
  const postings = await sql.query<PostingRow>(
    `SELECT p.id, p.entry_id, p.account_id, p.amount, p.balance_after, a.code, a.wallet, a.unit, a.owner_id, o.username AS owner_username
       FROM postings p
       JOIN ledger_accounts a ON a.id = p.account_id
       LEFT JOIN users o ON o.id = a.owner_id
      WHERE p.entry_id = ANY($1::bigint[])
      ORDER BY p.entry_id, p.id`,
    [entries.rows.map((row) => row.id)],
  );
  const byEntry = new Map<number, Posting[]>();
  for (const row of postings.rows) {
    const list = byEntry.get(row.entry_id) ?? [];
    list.push(toPosting(row));
    byEntry.set(row.entry_id, list);
  }
  return entries.rows.map((row) => ({
    id: row.id,
    type: row.type,
    memo: row.memo,
    actor: row.actor_id === null ? null : { id: row.actor_id, username: row.actor_username ?? '' },
    createdAt: new Date(row.created_at).toISOString(),
    postings: byEntry.get(row.id) ?? [],
  }));
}

function toPosting(row: PostingRow): Posting {
  const member = row.owner_id === null ? null : { id: row.owner_id, username: row.owner_username ?? '' };
  return {
    id: row.id,
    accountId: row.account_id,
    account: member && row.wallet ? `${member.username} / ${WALLET_LABELS[row.wallet].toLowerCase()}` : (row.code ?? String(row.account_id)),
    member,
    wallet: row.wallet,
    system: row.code,
    unit: row.unit,
    amount: fromBaseUnits(BigInt(row.amount)),
    balanceAfter: row.balance_after === null ? null : fromBaseUnits(BigInt(row.balance_after)),
  };
}
