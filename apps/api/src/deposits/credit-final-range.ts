import { fromBaseUnits, toBaseUnits } from '@portal/contract';
import type { Database, Sql } from '../db/database';
import { sql } from '../db/sql';
import { postBulkCredits } from '../ledger/bulk';
import { postEntry } from '../ledger/post';
import { readSettings } from '../settings/service';
import { listedAmong } from '../screening/list';
import { recordDeposits, type OpenDeposit } from './record-deposits';
import type { MatchedLog } from './transfer-logs';
import { advanceFinal, lockFinalNext, type WatchKey } from './watch-cursor';

/** From this many credits in one range on, they are posted set-based (ledger/bulk.ts) rather than one entry each. */
export const BULK_FROM = 20;

export interface RangeCredited {
  /** The deposits credited. */
  credited: number[];
  /** Seen deposits of the range missing from its final logs. */
  dropped: number;
}

/**
 * Records a final range in one transaction: its deposits credited (or
 * `below_minimum`, or `held` when their sender is on the screening list), the seen ones it no longer holds `dropped`, the cursor
 * moved past it and the hash of its last block kept (`watch-cursor.ts`). Null when the cursor no longer stands at `from` (another
 * process recorded it meanwhile): nothing is written.
 */
export async function creditFinalRange(
  db: Database,
  key: WatchKey,
  from: bigint,
  to: bigint,
  toHash: string,
  matched: MatchedLog[],
  decimals: number,
): Promise<RangeCredited | null> {
  return db.transaction(async (tx) => {
    if ((await lockFinalNext(tx, key)) !== from.toString()) return null;
    const credited: number[] = [];
    if (matched.length) {
      const open = await recordDeposits(tx, key.chainId, matched, decimals, ['seen', 'dropped']);
      const credit = await setAside(tx, open);
      await creditAll(tx, key.chainId, from, to, credit);
      credited.push(...credit.map((row) => Number(row.id)));
    }
    // Seen in this range but not among its final logs: reorganised away.
    const dropped = await tx.query(
      sql`UPDATE deposits SET status = 'dropped', final_at = now() WHERE chain_id = ${key.chainId} AND status = 'seen' AND block_number BETWEEN ${from.toString()} AND ${to.toString()}`,
    );
    await advanceFinal(tx, key, to, toHash);
    return { credited, dropped: dropped.rowCount };
  });
}

/**
 * What a final deposit is not credited for (the watcher's and a recovery's,
 * recover-deposit.ts): under the `depositMinimum` setting it becomes
 * `below_minimum`, recorded and never credited; from a sender on the
 * screening list it is `held` for an admin's decision (deposits/held.ts).
 * Returns the others, to credit.
 */
export async function setAside(tx: Sql, open: OpenDeposit[]): Promise<OpenDeposit[]> {
  if (!open.length) return open;
  const minimum = toBaseUnits((await readSettings(tx)).depositMinimum);
  const below = open.filter((row) => BigInt(row.amount) < minimum);
  const listed = await listedAmong(
    tx,
    open.map((row) => row.from_address),
  );
  const held = open.filter((row) => BigInt(row.amount) >= minimum && listed.has(row.from_address.toLowerCase()));
  if (below.length) {
    await tx.query(
      sql`UPDATE deposits SET status = 'below_minimum', final_at = now() WHERE id = ANY(${below.map((row) => row.id)}::bigint[])`,
    );
  }
  if (held.length) {
    await tx.query(
      sql`UPDATE deposits d SET status = 'held', final_at = now(), hold_reason = 'Sender on the screening list: ' || u.reason
            FROM unnest(${held.map((row) => row.id)}::bigint[], ${held.map((row) => listed.get(row.from_address.toLowerCase())!)}::text[]) AS u(id, reason)
           WHERE d.id = u.id`,
    );
  }
  return open.filter((row) => BigInt(row.amount) >= minimum && !held.includes(row));
}

/** A final range's deposits to credit (the watcher's, a rescan's: rescan/chunk.ts): set-based from BULK_FROM on, else an entry each. */
export async function creditAll(
  tx: Sql,
  chainId: number,
  from: bigint,
  to: bigint,
  credit: OpenDeposit[],
): Promise<void> {
  if (credit.length >= BULK_FROM) await creditInBulk(tx, chainId, from, to, credit);
  else for (const row of credit) await creditOne(tx, chainId, row);
}

/** Catching up: the range's credits set-based, one line per member (their deposits summed), entries of up to 5,000 lines. */
async function creditInBulk(tx: Sql, chainId: number, from: bigint, to: bigint, credit: OpenDeposit[]): Promise<void> {
  await tx.query(sql`DROP TABLE IF EXISTS pg_temp.deposit_credits`);
  await tx.query(
    sql`CREATE TEMPORARY TABLE deposit_credits ON COMMIT DROP AS
     SELECT member_id, sum(amount) AS amount
       FROM unnest(${credit.map((row) => row.member_id)}::bigint[], ${credit.map((row) => row.amount)}::numeric[]) AS u(member_id, amount) GROUP BY member_id`,
  );
  const { lines } = await postBulkCredits(tx, {
    type: 'deposit',
    memo: `Deposits (BEP20), blocks ${from}-${to}`,
    actorId: null,
    refs: { chainId, fromBlock: from.toString(), toBlock: to.toString() },
    from: 'treasury',
    wallet: 'deposit',
    source: 'deposit_credits',
  });
  await tx.query(
    sql`UPDATE deposits d SET status = 'credited', entry_id = l.entry_id, final_at = now(), credited_at = now()
       FROM ${lines} l WHERE d.id = ANY(${credit.map((row) => row.id)}::bigint[]) AND d.member_id = l.member_id`,
  );
}

/**
 * A deposit credited in an entry of its own: the watcher's common case, every
 * recovery's, and a held one an admin credits (`actorId`, deposits/held.ts).
 */
export async function creditOne(
  tx: Sql,
  chainId: number,
  row: Omit<OpenDeposit, 'from_address'>,
  actorId: number | null = null,
): Promise<void> {
  const amount = BigInt(row.amount);
  const entry = await postEntry(tx, {
    type: 'deposit',
    memo: `Deposit of ${fromBaseUnits(amount)} USDT (BEP20)`,
    actorId,
    refs: { depositId: Number(row.id), txHash: row.tx_hash, logIndex: row.log_index, chainId },
    lines: [
      { account: { member: Number(row.member_id), wallet: 'deposit' }, amount },
      { account: { system: 'treasury' }, amount: -amount },
    ],
  });
  await tx.query(
    sql`UPDATE deposits SET status = 'credited', entry_id = ${entry.id}, final_at = now(), credited_at = now() WHERE id = ${row.id}`,
  );
}
