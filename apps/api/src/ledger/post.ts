import { fromBaseUnits, type Unit } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { unprocessable } from '../shared/errors';
import { isMemberRef, refKey, unitName, unitOf, walletName, type AccountRef, type MemberAccountRef } from './accounts';
import { sql } from '../platform/db/sql';

/**
 * One entry posted inside the caller's database transaction, so the entry,
 * its postings, the balances and the caller's own records commit or vanish
 * together. One of the few paths that post (docs/architecture.md, "Every
 * path that posts money"): beside it, set-based credits (ledger/bulk.ts)
 * and the transfer and purchase statements (ledger_transfer_one.sql,
 * plan_purchase_one.sql) write postings by the same rules.
 */
export interface PostingLine {
  account: AccountRef;
  /** Signed base units: positive into the account, negative out of it. */
  amount: bigint;
}

export interface EntryInput {
  /** adjustment, transfer, conversion, … (lower-case words). */
  type: string;
  lines: PostingLine[];
  /** A human description of the whole entry. */
  memo: string;
  /** Who caused it: the member, or the admin of a manual adjustment. */
  actorId: number | null;
  /** Links to the records behind the entry (usernames, ids). */
  refs?: Record<string, unknown>;
}

export interface PostedEntry {
  id: number;
  createdAt: Date;
  /** A member wallet's balance right after this entry. */
  balanceAfter(ref: MemberAccountRef): bigint;
}

interface LockedAccount {
  id: number;
  owner_id: number;
  wallet: string;
  balance: string;
}

export class LedgerBug extends Error {}

export async function postEntry(tx: Sql, input: EntryInput): Promise<PostedEntry> {
  const lines = input.lines.filter((line) => line.amount !== 0n);
  assertBalanced(lines);

  // Member wallets are locked in id order, so two entries touching the same
  // wallets never wait on each other in a cycle.
  const memberRefs = lines.map((line) => line.account).filter(isMemberRef);
  const locked = await lockMemberAccounts(tx, memberRefs);

  // The database refuses an overdraft anyway (CHECK balance >= 0); checking
  // first gives the member a clear message with the figures.
  for (const line of lines) {
    // What is owed is a balance at or below zero (accounts.ts `LedgerWallet`): it only grows by a clawback.
    if (!isMemberRef(line.account) || line.amount > 0n || line.account.wallet === 'owed') continue;
    const account = locked.get(refKey(line.account))!;
    const balance = BigInt(account.balance);
    if (balance + line.amount < 0n) throw insufficientBalance(line.account, balance, -line.amount);
  }

  const entry = await tx.query<{ id: number; created_at: Date }>(
    sql`INSERT INTO journal_entries (type, memo, actor_id, refs) VALUES (${input.type}, ${input.memo}, ${input.actorId}, ${JSON.stringify(input.refs ?? {})}) RETURNING id, created_at`,
  );
  const { id, created_at: createdAt } = entry.rows[0]!;

  const wallet = (line: PostingLine) => (isMemberRef(line.account) ? locked.get(refKey(line.account))! : null);
  let posted;
  try {
    // Each wallet's balance after the line, from the row locked above; the
    // database moves the balance and refuses a wrong figure (migration 0006).
    posted = await tx.query<{ account_id: number; balance_after: string | null }>(
      sql`INSERT INTO postings (entry_id, account_id, amount, balance_after)
       SELECT ${id}, COALESCE(u.account_id, s.id), u.amount, u.balance_after
         FROM unnest(${lines.map((line) => wallet(line)?.id ?? null)}::bigint[], ${lines.map((line) => (isMemberRef(line.account) ? null : line.account.system))}::text[], ${lines.map((line) => line.amount.toString())}::numeric[], ${lines.map(
           (line) => {
             const account = wallet(line);
             return account ? (BigInt(account.balance) + line.amount).toString() : null;
           },
         )}::numeric[]) WITH ORDINALITY AS u(account_id, code, amount, balance_after, n)
         LEFT JOIN ledger_accounts s ON s.code = u.code AND s.kind = 'system'
        ORDER BY u.n
       RETURNING account_id, balance_after`,
    );
  } catch (error) {
    // Only reachable if a balance moved outside this function's lock.
    if (isNegativeBalanceViolation(error)) {
      throw unprocessable('INSUFFICIENT_BALANCE', 'Insufficient balance for this operation.');
    }
    throw error;
  }
  if (posted.rows.length !== lines.length)
    throw new LedgerBug(`entry ${id}: ${lines.length} lines but ${posted.rows.length} postings`);

  const after = new Map(
    posted.rows.filter((row) => row.balance_after !== null).map((row) => [row.account_id, BigInt(row.balance_after!)]),
  );
  return {
    id,
    createdAt,
    balanceAfter(ref) {
      const account = locked.get(refKey(ref));
      const balance = account ? after.get(account.id) : undefined;
      if (balance === undefined) throw new LedgerBug(`no posting to ${refKey(ref)} in entry ${id}`);
      return balance;
    },
  };
}

/** Every entry sums to zero per unit and names each account once. */
function assertBalanced(lines: PostingLine[]): void {
  if (lines.length < 2) throw new LedgerBug('an entry needs at least two non-zero lines');
  const sums = new Map<Unit, bigint>();
  const seen = new Set<string>();
  for (const line of lines) {
    const key = refKey(line.account);
    if (seen.has(key)) throw new LedgerBug(`account ${key} appears twice in one entry`);
    seen.add(key);
    const unit = unitOf(line.account);
    sums.set(unit, (sums.get(unit) ?? 0n) + line.amount);
  }
  for (const [unit, sum] of sums) {
    if (sum !== 0n) throw new LedgerBug(`entry does not balance in ${unit}: ${sum}`);
  }
}

/**
 * Locks the member wallets an entry touches, creating those that have never
 * held money (a member's wallet exists from the first posting on; until then
 * its balance is zero). Missing rows are created in a fixed order too.
 */
async function lockMemberAccounts(tx: Sql, refs: MemberAccountRef[]): Promise<Map<string, LockedAccount>> {
  if (refs.length === 0) return new Map();
  const wanted = sql`unnest(${refs.map((ref) => ref.member)}::bigint[], ${refs.map((ref) => ref.wallet)}::text[]) AS u(owner_id, wallet)`;
  const lock = () =>
    tx.query<LockedAccount>(
      sql`SELECT a.id, a.owner_id, a.wallet, a.balance
         FROM ledger_accounts a
         JOIN ${wanted} ON a.owner_id = u.owner_id AND a.wallet = u.wallet
        ORDER BY a.id
          FOR NO KEY UPDATE OF a`,
    );
  let { rows } = await lock();
  if (rows.length < refs.length) {
    await tx.query(
      sql`INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance)
       SELECT 'member', u.owner_id, u.wallet, CASE u.wallet WHEN 'points' THEN 'POINT' ELSE 'USDT' END, 0
         FROM ${wanted}
        WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_id = u.owner_id AND a.wallet = u.wallet)
        ORDER BY u.owner_id, u.wallet
       ON CONFLICT (owner_id, wallet) DO NOTHING`,
    );
    rows = (await lock()).rows;
  }
  const byKey = new Map(rows.map((row) => [`m:${row.owner_id}:${row.wallet}`, row]));
  for (const ref of refs) {
    if (!byKey.has(refKey(ref))) throw new LedgerBug(`no ${ref.wallet} wallet for member ${ref.member}`);
  }
  return byKey;
}

/**
 * The same overdraft check as `postEntry`, without a lock: for quotes shown
 * before a confirmation. The posting itself checks again.
 */
export async function assertCanSpend(db: Sql, ref: MemberAccountRef, amount: bigint): Promise<void> {
  const { rows } = await db.query<{ balance: string }>(
    sql`SELECT balance FROM ledger_accounts WHERE owner_id = ${ref.member} AND wallet = ${ref.wallet}`,
  );
  const balance = BigInt(rows[0]?.balance ?? '0');
  if (balance < amount) throw insufficientBalance(ref, balance, amount);
}

/** The database's last guard (`member_balance_not_negative`) refused a write: a balance moved outside the caller's lock. */
export function isNegativeBalanceViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === '23514' && String(e.message).includes('member_balance_not_negative');
}

export function insufficientBalance(ref: MemberAccountRef, balance: bigint, needed: bigint) {
  const unit = unitName(unitOf(ref));
  return unprocessable(
    'INSUFFICIENT_BALANCE',
    `Insufficient balance: the ${walletName(ref.wallet)} holds ${fromBaseUnits(balance)} ${unit}, and this needs ${fromBaseUnits(needed)} ${unit}.`,
    'amount',
  );
}
