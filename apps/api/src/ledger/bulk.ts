import { randomBytes } from 'node:crypto';
import type { Wallet } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { LedgerBug } from './post';
import { SYSTEM_ACCOUNTS, WALLET_UNITS, type SystemAccount } from './accounts';
import { sql, type SqlQuery } from '../platform/db/sql';

/**
 * Set-based credits for the daily matching close and a final block range's
 * deposits (docs/architecture.md, "Every path that posts money"): up to millions of member
 * wallets credited from one system account in a fixed number of statements,
 * with the credits never leaving the database. Same books, same rules as
 * `postEntry`: every entry sums to zero (checked by the database at commit),
 * member wallets are locked in id order, each line states its wallet's
 * balance after it from the locked row, and the posting trigger moves the
 * balances and checks every figure (migration 0006). Only credits, so no
 * balance can go below zero.
 *
 * The credits come from a temporary table of the caller's transaction with
 * the columns `member_id bigint, amount numeric`: rows with a positive amount
 * are credited. Lines are grouped into entries of at most `chunkSize`, so
 * that no entry grows without bound (a member's history links to it).
 *
 * It returns its lines (`BulkCredit.lines`: a row per member credited,
 * `member_id` and `entry_id`, kept in the database in a table of this call's
 * own, dropped at the commit): a caller that records which entry paid whom
 * joins them in the statement that writes its records, rather than in a pass
 * of its own over every row, and reads no table by a name it was not given.
 */
export interface BulkCreditInput {
  type: string;
  memo: string;
  actorId: number | null;
  refs?: Record<string, unknown>;
  /** The account that pays (its posting in each entry is minus that entry's total). */
  from: SystemAccount;
  wallet: Wallet;
  /** Name of the caller's temporary table (a constant of the caller's code, never input). */
  source: string;
  chunkSize?: number;
}

/** What a bulk credit did. */
export interface BulkCredit {
  /** The number of wallets credited. */
  credited: number;
  /** Its lines, to join in the caller's next statements of the transaction: `member_id`, `entry_id` (and the ledger's own columns). */
  lines: SqlQuery;
}

export const BULK_CHUNK = 5_000;

export async function postBulkCredits(tx: Sql, input: BulkCreditInput): Promise<BulkCredit> {
  if (!/^[a-z_][a-z0-9_]*$/.test(input.source)) throw new LedgerBug(`not a table name: ${input.source}`);
  if (SYSTEM_ACCOUNTS[input.from] !== WALLET_UNITS[input.wallet])
    throw new LedgerBug(`${input.from} and ${input.wallet} differ in unit`);
  const source = sql.raw(`pg_temp.${input.source}`); // checked above: a table name
  const size = input.chunkSize ?? BULK_CHUNK;

  // This call's lines, in a table of its own (a name no other call uses), empty until they are made.
  const name = `ledger_bulk_lines_${randomBytes(6).toString('hex')}`;
  const lines = sql.raw(`pg_temp.${name}`); // made here: a fixed prefix and hex digits
  await tx.query(
    sql`CREATE TEMPORARY TABLE ${sql.raw(name)} (member_id bigint, account_id bigint, amount numeric, balance_after numeric, entry_id bigint) ON COMMIT DROP`,
  );
  const shape = (
    await tx.query<{ lines: number; members: number; negative: number }>(
      sql`SELECT count(*)::int AS lines, count(DISTINCT member_id)::int AS members, count(*) FILTER (WHERE amount < 0)::int AS negative
         FROM ${source} WHERE amount <> 0`,
    )
  ).rows[0]!;
  if (shape.negative > 0) throw new LedgerBug('a bulk credit must be positive');
  if (shape.members !== shape.lines) throw new LedgerBug('a member credited twice in one bulk');
  if (shape.lines === 0) return { credited: 0, lines };

  // The entries first (their number is known from the shape), so that each line carries its entry's id.
  const parts = Math.ceil(shape.lines / size);
  const entries = (
    await tx.query<{ id: number }>(
      sql`INSERT INTO journal_entries (type, memo, actor_id, refs)
       SELECT ${input.type}, ${input.memo}, ${input.actorId}, ${JSON.stringify(input.refs ?? {})}::jsonb || jsonb_build_object('part', p) FROM generate_series(1, ${parts}::int) AS p ORDER BY p
       RETURNING id`,
    )
  ).rows.map((e) => e.id);
  // The entry of the n-th line (from 0) in wallet id order: entries[n / size].
  const entryOf = (n: SqlQuery) => sql`(${entries}::bigint[])[((${n}) / ${size}::int + 1)::int]`;
  // Each line with its wallet, its balance after (from the locked row) and its entry, in
  // id order. First the wallets that exist, locked in one statement in id order; then those that
  // never held money, created (a wallet made by this transaction is seen by no other until it
  // commits, and starts at zero); then any that another transaction made meanwhile, locked.
  const lockExisting = async (found: number): Promise<number> =>
    (
      await tx.query(
        sql`INSERT INTO ${lines} (member_id, account_id, amount, balance_after, entry_id)
         SELECT member_id, id, amount, balance + amount, ${entryOf(sql`${found}::int + row_number() OVER (ORDER BY id) - 1`)}
           FROM (SELECT s.member_id, a.id, s.amount, a.balance
                   FROM ledger_accounts a JOIN ${source} s ON a.owner_id = s.member_id AND a.wallet = ${input.wallet}
                  WHERE s.amount > 0 AND NOT EXISTS (SELECT 1 FROM ${lines} l WHERE l.member_id = s.member_id)
                  ORDER BY a.id FOR NO KEY UPDATE OF a) w`,
      )
    ).rowCount;
  let found = await lockExisting(0);
  if (found < shape.lines) {
    found += (
      await tx.query(
        sql`WITH made AS (
           INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance)
           SELECT 'member', s.member_id, ${input.wallet}, ${WALLET_UNITS[input.wallet]}, 0 FROM ${source} s
            WHERE s.amount > 0 AND NOT EXISTS (SELECT 1 FROM ${lines} l WHERE l.member_id = s.member_id)
            ORDER BY s.member_id
           ON CONFLICT (owner_id, wallet) DO NOTHING
           RETURNING id, owner_id)
         INSERT INTO ${lines} (member_id, account_id, amount, balance_after, entry_id)
         SELECT s.member_id, m.id, s.amount, s.amount, ${entryOf(sql`${found}::int + row_number() OVER (ORDER BY m.id) - 1`)}
           FROM made m JOIN ${source} s ON s.member_id = m.owner_id`,
      )
    ).rowCount;
    if (found < shape.lines) found += await lockExisting(found);
  }
  if (found !== shape.lines) throw new LedgerBug(`bulk credit: ${shape.lines} wallets wanted, ${found} locked`);

  // The postings in no particular order: the wallets are locked already, each line states its balance after,
  // and an entry's sum is checked at commit. Sorting half a million lines first cost 0.6 s of a 1M close.
  const posted = await tx.query(
    sql`INSERT INTO postings (entry_id, account_id, amount, balance_after)
     SELECT entry_id, account_id, amount, balance_after FROM ${lines}
     UNION ALL
     SELECT entry_id, (SELECT id FROM ledger_accounts WHERE code = ${input.from} AND kind = 'system'), -sum(amount), NULL
       FROM ${lines} GROUP BY entry_id`,
  );
  if (posted.rowCount !== shape.lines + parts)
    throw new LedgerBug(`bulk credit: ${shape.lines + parts} postings wanted, ${posted.rowCount} posted`);
  return { credited: shape.lines, lines };
}
