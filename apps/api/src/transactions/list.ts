import {
  fromBaseUnits,
  POSTINGS_SHOWN,
  SYSTEM_ACCOUNT_LABELS,
  LEDGER_WALLET_LABELS,
  type JournalEntry,
  type Posting,
  type TransactionsQuery,
  type LedgerWallet,
  type Unit,
} from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql, type SqlQuery } from '../platform/db/sql';
import { bvText } from '../shared/bv';
import type { CsvColumn } from '../shared/csv';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays, where } from '../shared/sql-list';

/** Every journal entry, filtered (admin Transactions list and its CSV). */
export type TransactionsFilter = Omit<TransactionsQuery, 'page' | 'pageSize' | 'format'> & {
  /** Entries up to this id only: a CSV export reads one fixed set while new entries arrive. */
  maxId?: number;
};

const SORTS = { createdAt: 'e.created_at', id: 'e.id', type: 'e.type' } as const;

const memberIdOf = (username: string | null) => sql`(SELECT id FROM users WHERE lower(username) = lower(${username}))`;

function conditionsOf(query: TransactionsFilter): Array<SqlQuery | undefined | false> {
  const postings =
    query.member || query.wallet
      ? sql`e.id IN (SELECT p.entry_id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
                  ${where(sql`a.kind = 'member'`, query.member ? sql`a.owner_id = ${memberIdOf(query.member)}` : undefined, query.wallet ? sql`a.wallet = ${query.wallet}` : undefined)})`
      : undefined;
  return [
    query.type ? sql`e.type = ${query.type}` : undefined,
    ...betweenDays(sql`e.created_at`, query.from, query.to),
    query.maxId !== undefined && sql`e.id <= ${query.maxId}`,
    postings,
  ];
}

export async function latestEntryId(db: Sql): Promise<number> {
  const { rows } = await db.query<{ id: number | null }>(sql`SELECT max(id) AS id FROM journal_entries`);
  return rows[0]?.id ?? 0;
}

interface EntryRow {
  id: number;
  type: string;
  memo: string;
  actor_id: number | null;
  actor_username: string | null;
  created_at: Date;
  close_date: string | null;
  close_members: number | null;
  close_matched: string | null;
  close_paid: string | null;
  close_flushed: string | null;
}

interface PostingRow {
  id: number;
  entry_id: number;
  account_id: number;
  amount: string;
  balance_after: string | null;
  code: string | null;
  wallet: LedgerWallet | null;
  unit: Unit;
  owner_id: number | null;
  owner_username: string | null;
  /** All postings of the entry (the row may be one of a few shown). */
  entry_postings: number;
}

/** A matching close's chunks each name their close (`refs.closeDate`); its totals come from the close's own row. */
const ENTRY_SELECT = sql`SELECT e.id, e.type, e.memo, e.actor_id, act.username AS actor_username, e.created_at,
        to_char(c.close_date, 'YYYY-MM-DD') AS close_date, c.members AS close_members, c.matched::text AS close_matched,
        c.paid::text AS close_paid, c.flushed::text AS close_flushed
   FROM journal_entries e
   LEFT JOIN users act ON act.id = e.actor_id
   LEFT JOIN matching_closes c ON e.type = 'matching_bonus' AND c.close_date = (e.refs->>'closeDate')::date`;

const POSTING_COLUMNS = sql`p.id, p.entry_id, p.account_id, p.amount::text AS amount, p.balance_after::text AS balance_after,
        a.code, a.wallet, a.unit, a.owner_id, o.username AS owner_username`;

/**
 * At most `POSTINGS_SHOWN` postings of each entry, and how many it has: the
 * filtered member's own postings first, then the system side, then the rest.
 * A close's entry has up to `BULK_CHUNK` postings (ledger/bulk.ts), so the
 * ranking reads one chunk at most, and only the shown rows leave the database.
 */
async function shownPostings(db: Sql, entryIds: number[], member: string | undefined): Promise<PostingRow[]> {
  const { rows } = await db.query<PostingRow>(
    sql`SELECT ${POSTING_COLUMNS}, r.entry_postings
       FROM (SELECT p.id, count(*) OVER (PARTITION BY p.entry_id)::int AS entry_postings,
                    row_number() OVER (PARTITION BY p.entry_id
                                       ORDER BY (a.owner_id = ${memberIdOf(member ?? null)}) IS TRUE DESC, (a.owner_id IS NULL) DESC, p.id) AS rank
               FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
              WHERE p.entry_id = ANY(${entryIds}::bigint[])) r
       JOIN postings p ON p.id = r.id
       JOIN ledger_accounts a ON a.id = p.account_id
       LEFT JOIN users o ON o.id = a.owner_id
      WHERE r.rank <= ${POSTINGS_SHOWN}
      ORDER BY p.entry_id, p.id`,
  );
  return rows;
}

/** Every posting of the entries (the CSV: the books line by line). */
async function everyPosting(db: Sql, entryIds: number[]): Promise<PostingRow[]> {
  const { rows } = await db.query<PostingRow>(
    sql`SELECT ${POSTING_COLUMNS}, 0 AS entry_postings
       FROM postings p
       JOIN ledger_accounts a ON a.id = p.account_id
       LEFT JOIN users o ON o.id = a.owner_id
      WHERE p.entry_id = ANY(${entryIds}::bigint[])
      ORDER BY p.entry_id, p.id`,
  );
  return rows;
}

type CsvLine = { entry: JournalEntry; posting: Posting };

/** One line per posting: the books as an accountant reads them, to the last decimal. */
const CSV_COLUMNS: CsvColumn<CsvLine>[] = [
  { header: 'entry_id', value: (r) => r.entry.id, raw: true },
  { header: 'created_at', value: (r) => r.entry.createdAt },
  { header: 'type', value: (r) => r.entry.type },
  { header: 'memo', value: (r) => r.entry.memo },
  { header: 'actor', value: (r) => r.entry.actor?.username },
  { header: 'posting_id', value: (r) => r.posting.id, raw: true },
  { header: 'account', value: (r) => r.posting.account },
  { header: 'member', value: (r) => r.posting.member?.username },
  { header: 'wallet', value: (r) => r.posting.wallet },
  { header: 'system_account', value: (r) => r.posting.system },
  { header: 'unit', value: (r) => r.posting.unit },
  { header: 'amount', value: (r) => r.posting.amount, raw: true },
  { header: 'balance_after', value: (r) => r.posting.balanceAfter, raw: true },
];

const ids = (entries: EntryRow[]) => entries.map((row) => row.id);

/**
 * The admin Transactions list: a page of entries, each with a few of its
 * postings (the filtered member's first) and their count;
 * the CSV is one line per posting, every posting, not the few a page shows.
 */
function transactions(member: string | undefined) {
  return defineList({
    select: ENTRY_SELECT,
    counted: sql`journal_entries e`,
    sorts: SORTS,
    tieBreaker: 'e.id',
    keyOf: (row: EntryRow) => row.id,
    toItems: async (db, entries) =>
      entries.length ? toEntries(entries, await shownPostings(db, ids(entries), member)) : [],
    csv: {
      name: 'transactions',
      columns: CSV_COLUMNS,
      lines: async (db, entries): Promise<CsvLine[]> =>
        entries.length
          ? toEntries(entries, await everyPosting(db, ids(entries)), true).flatMap((entry) =>
              entry.postings.map((posting) => ({ entry, posting })),
            )
          : [],
      // A close's entry carries up to 5,000 postings, so batches of entries stay small.
      batch: 100,
    },
  });
}

/** A page of entries, or with `format=csv` every posting of the filtered entries, up to the last entry when the export began. */
export async function transactionList(db: Sql, query: TransactionsQuery, now: Date): Promise<ListAnswer<JournalEntry>> {
  const maxId = query.format === 'csv' ? await latestEntryId(db) : undefined;
  const filter = { where: conditionsOf({ ...query, maxId }), sort: query.sort };
  return transactions(query.member).answer(db, filter, query, now);
}

function toEntries(entries: EntryRow[], postings: PostingRow[], counted = false): JournalEntry[] {
  const byEntry = new Map<number, { shown: Posting[]; count: number }>();
  for (const row of postings) {
    const group = byEntry.get(Number(row.entry_id)) ?? { shown: [], count: 0 };
    group.shown.push(toPosting(row));
    group.count = counted ? group.shown.length : row.entry_postings;
    byEntry.set(Number(row.entry_id), group);
  }
  return entries.map((row) => ({
    id: Number(row.id),
    type: row.type,
    memo: row.memo,
    actor: row.actor_id === null ? null : { id: Number(row.actor_id), username: row.actor_username ?? '' },
    createdAt: new Date(row.created_at).toISOString(),
    postings: byEntry.get(Number(row.id))?.shown ?? [],
    postingCount: byEntry.get(Number(row.id))?.count ?? 0,
    close:
      row.close_date === null
        ? null
        : {
            date: row.close_date,
            members: row.close_members!,
            matched: bvText(row.close_matched!),
            paid: fromBaseUnits(BigInt(row.close_paid!)),
            flushed: fromBaseUnits(BigInt(row.close_flushed!)),
          },
  }));
}

function toPosting(row: PostingRow): Posting {
  const member = row.owner_id === null ? null : { id: Number(row.owner_id), username: row.owner_username ?? '' };
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    account:
      member && row.wallet
        ? `${member.username} / ${LEDGER_WALLET_LABELS[row.wallet].toLowerCase()}`
        : row.code
          ? (SYSTEM_ACCOUNT_LABELS[row.code] ?? row.code)
          : String(row.account_id),
    member,
    wallet: row.wallet,
    system: row.code,
    unit: row.unit,
    amount: fromBaseUnits(BigInt(row.amount)),
    balanceAfter: row.balance_after === null ? null : fromBaseUnits(BigInt(row.balance_after)),
  };
}
