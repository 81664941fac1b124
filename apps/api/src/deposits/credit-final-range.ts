import { fromBaseUnits, toBaseUnits } from '@portal/contract';
import type { Database, Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { postBulkCredits } from '../ledger/bulk';
import { postEntry } from '../ledger/post';
import { readSettings } from '../settings/in-force';
import { listedAmong } from '../screening/list';
import { depositLifecycle, type OpenDeposit } from './lifecycle';
import { recordDeposits } from './record-deposits';
import type { MatchedLog } from './transfer-logs';
import { advanceFinal, lockFinalNext, type WatchKey } from './watch-cursor';
import { mustHaveMoved } from '../shared/lifecycle';

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
    const dropped = await depositLifecycle.drop(tx, key.chainId, from, to);
    await advanceFinal(tx, key, to, toHash);
    return { credited, dropped };
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
    await depositLifecycle.belowMinimum(
      tx,
      below.map((row) => row.id),
    );
  }
  if (held.length) {
    await depositLifecycle.hold(
      tx,
      held.map((row) => ({ id: row.id, reason: listed.get(row.from_address.toLowerCase())! })),
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
  const credited = await depositLifecycle.creditByMember(
    tx,
    credit.map((row) => row.id),
    lines,
  );
  mustHaveMoved(credited, credit.length, 'deposits credited');
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
  mustHaveMoved(await depositLifecycle.credit(tx, row.id, entry.id), 1, `deposit #${row.id} credited`);
}
