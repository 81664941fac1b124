import type { Wallet } from '@portal/contract';
import type { Sql } from '../db/database';
import { LedgerBug } from './post';
import { SYSTEM_ACCOUNTS, WALLET_UNITS, type SystemAccount } from './accounts';

/**
 * Set-based credits for the daily matching close: many member wallets
 * credited from one system account, without one `postEntry` call per member.
 * Same books, same rules as `postEntry`: every entry sums to zero (checked by
 * the database at commit), balances move only through postings (the posting
 * trigger), member wallets are locked in id order. Only credits, so no
 * balance can go below zero.
 *
 * The postings are split into entries of `chunkSize` lines, so that no
 * single statement or entry grows without bound (the zero-sum check runs
 * once per entry at commit since migration 0005).
 */
export interface BulkCreditInput {
  type: string;
  memo: string;
  actorId: number | null;
  refs?: Record<string, unknown>;
  /** The account that pays (its posting is minus the chunk's total). */
  from: SystemAccount;
  wallet: Wallet;
  credits: Array<{ member: number; amount: bigint }>;
  chunkSize?: number;
}

export const BULK_CHUNK = 5_000;

/** Returns the entry id of each member's credit. */
export async function postBulkCredits(tx: Sql, input: BulkCreditInput): Promise<Map<number, number>> {
  const credits = input.credits.filter((c) => c.amount !== 0n);
  const entryOf = new Map<number, number>();
  if (credits.length === 0) return entryOf;
  if (SYSTEM_ACCOUNTS[input.from] !== WALLET_UNITS[input.wallet]) throw new LedgerBug(`${input.from} and ${input.wallet} differ in unit`);
  const seen = new Set<number>();
  for (const c of credits) {
    if (c.amount < 0n) throw new LedgerBug('a bulk credit must be positive');
    if (seen.has(c.member)) throw new LedgerBug(`member ${c.member} credited twice in one bulk`);
    seen.add(c.member);
  }
  const members = credits.map((c) => c.member);
  const unit = WALLET_UNITS[input.wallet];

  // Wallets that never held money yet, then every wallet locked at once in id order.
  await tx.query(
    `INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance)
     SELECT 'member', u.owner_id, $2, $3, 0 FROM unnest($1::bigint[]) AS u(owner_id)
      WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_id = u.owner_id AND a.wallet = $2)
      ORDER BY u.owner_id
     ON CONFLICT (owner_id, wallet) DO NOTHING`,
    [members, input.wallet, unit],
  );
  const locked = await tx.query<{ id: number; owner_id: number }>(
    `SELECT a.id, a.owner_id FROM ledger_accounts a JOIN unnest($1::bigint[]) AS u(owner_id) ON a.owner_id = u.owner_id
      WHERE a.wallet = $2 ORDER BY a.id FOR NO KEY UPDATE OF a`,
    [members, input.wallet],
  );
  if (locked.rows.length !== credits.length) throw new LedgerBug(`bulk credit: ${credits.length} wallets wanted, ${locked.rows.length} found`);
  const accountOf = new Map(locked.rows.map((r) => [Number(r.owner_id), Number(r.id)]));
  const source = await tx.query<{ id: number }>(`SELECT id FROM ledger_accounts WHERE code = $1 AND kind = 'system'`, [input.from]);
  const sourceId = source.rows[0]?.id;
  if (sourceId === undefined) throw new LedgerBug(`no system account ${input.from}`);

  const ordered = [...credits].sort((a, b) => accountOf.get(a.member)! - accountOf.get(b.member)!);
  const size = input.chunkSize ?? BULK_CHUNK;
  for (let start = 0, part = 1; start < ordered.length; start += size, part += 1) {
    const chunk = ordered.slice(start, start + size);
    const total = chunk.reduce((sum, c) => sum + c.amount, 0n);
    const entry = await tx.query<{ id: number }>(
      `INSERT INTO journal_entries (type, memo, actor_id, refs) VALUES ($1, $2, $3, $4) RETURNING id`,
      [input.type, input.memo, input.actorId, JSON.stringify({ ...input.refs, part })],
    );
    const entryId = entry.rows[0]!.id;
    const posted = await tx.query(
      `INSERT INTO postings (entry_id, account_id, amount)
       SELECT $1, u.account_id, u.amount FROM unnest($2::bigint[], $3::numeric[]) WITH ORDINALITY AS u(account_id, amount, n) ORDER BY u.n
       RETURNING 1 AS posted`,
      [entryId, [...chunk.map((c) => accountOf.get(c.member)!), sourceId], [...chunk.map((c) => c.amount.toString()), (-total).toString()]],
    );
    if (posted.rows.length !== chunk.length + 1) throw new LedgerBug(`bulk entry ${entryId}: ${chunk.length + 1} lines, ${posted.rows.length} postings`);
    for (const c of chunk) entryOf.set(c.member, entryId);
  }
  return entryOf;
}
