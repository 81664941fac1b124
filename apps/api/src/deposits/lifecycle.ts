import type { DepositStatus } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql, type SqlQuery } from '../platform/db/sql';
import { fromStatus, toStatus, type TransitionTable } from '../shared/lifecycle';

/**
 * Every status a deposit takes, and the only code that writes one
 * (docs/decisions/0058-money-lifecycles.md). A transfer log to a member's
 * address is recorded `seen`; once its block is final it is credited, kept
 * under the minimum, held for an admin (its sender screened), or dropped
 * when the final chain no longer holds it (credit-final-range.ts); a held
 * one is credited or rejected by an admin (held.ts):
 *
 *   seen ─credit─ credited        seen ─hold─ held ─credit─ credited
 *    ├─belowMinimum─ below_minimum             └─reject─ rejected
 *    └─drop─ dropped ─reopen─ seen (the log found again, record-deposits.ts)
 *
 * The database refuses any other change of status (migration
 * 0047_money_lifecycles.sql, `money_transitions()`, held equal to this table
 * by a test). Each function moves only rows in a status its transition
 * starts from, and answers how many it moved.
 */
export const DEPOSIT_TRANSITIONS = {
  credit: { from: ['seen', 'held'], to: 'credited' },
  belowMinimum: { from: ['seen'], to: 'below_minimum' },
  hold: { from: ['seen'], to: 'held' },
  drop: { from: ['seen'], to: 'dropped' },
  reopen: { from: ['dropped'], to: 'seen' },
  reject: { from: ['held'], to: 'rejected' },
} as const satisfies TransitionTable<DepositStatus>;

const T = DEPOSIT_TRANSITIONS;

/** A transfer log to a member's deposit address, in ledger units. */
export interface DepositLog {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  memberId: number;
  address: string;
  from: string;
  amount: bigint;
}

/** A deposit recorded or reopened, not yet final. */
export interface OpenDeposit {
  id: string;
  member_id: string;
  amount: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
}

/**
 * The logs recorded as `seen` deposits, once per (chain, tx hash, log
 * index), in one statement; an existing row whose status is one of `reopen`
 * takes the log's block (a reorganisation moved it), a dropped one seen
 * again. Answers the rows inserted or reopened.
 */
async function record(
  tx: Sql,
  chainId: number,
  logs: DepositLog[],
  reopen: readonly ('seen' | 'dropped')[],
): Promise<OpenDeposit[]> {
  const { rows } = await tx.query<OpenDeposit>(
    sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, status)
     SELECT ${chainId}, u.tx_hash, u.log_index, u.block_number, u.block_hash, u.member_id, u.address, u.from_address, u.amount, 'seen'
       FROM unnest(${logs.map((l) => l.txHash)}::text[], ${logs.map((l) => l.logIndex)}::int[], ${logs.map((l) => l.blockNumber.toString())}::bigint[], ${logs.map((l) => l.blockHash)}::text[], ${logs.map((l) => l.memberId)}::bigint[], ${logs.map((l) => l.address)}::text[], ${logs.map((l) => l.from)}::text[], ${logs.map((l) => l.amount.toString())}::numeric[])
            AS u(tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount)
     ON CONFLICT (chain_id, tx_hash, log_index) DO UPDATE
        SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, status = ${T.reopen.to}
      WHERE deposits.status = ANY(${[...reopen]}::text[])
     RETURNING id::text, member_id::text, amount::text, tx_hash, log_index, from_address`,
  );
  return rows;
}

/** Seen deposits of blocks `from`–`to` missing from the range's final logs: reorganised away. */
async function drop(tx: Sql, chainId: number, from: bigint, to: bigint): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE deposits SET ${toStatus(T.drop)}, final_at = now()
         WHERE chain_id = ${chainId} AND ${fromStatus(T.drop)} AND block_number BETWEEN ${from.toString()} AND ${to.toString()}`,
  );
  return rowCount;
}

/** Final deposits under the `depositMinimum` setting: recorded, never credited. */
async function belowMinimum(tx: Sql, ids: string[]): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE deposits SET ${toStatus(T.belowMinimum)}, final_at = now()
         WHERE id = ANY(${ids}::bigint[]) AND ${fromStatus(T.belowMinimum)}`,
  );
  return rowCount;
}

/** Final deposits from a sender on the screening list, each held with the list's reason, for an admin's decision. */
async function hold(tx: Sql, held: { id: string; reason: string }[]): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE deposits d SET ${toStatus(T.hold)}, final_at = now(), hold_reason = 'Sender on the screening list: ' || u.reason
          FROM unnest(${held.map((row) => row.id)}::bigint[], ${held.map((row) => row.reason)}::text[]) AS u(id, reason)
         WHERE d.id = u.id AND d.${fromStatus(T.hold)}`,
  );
  return rowCount;
}

/** A deposit credited by the journal entry `entryId` of its own (the watcher's, a recovery's, a held one an admin credits). */
async function credit(tx: Sql, id: string, entryId: number): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE deposits SET ${toStatus(T.credit)}, entry_id = ${entryId}, final_at = now(), credited_at = now()
         WHERE id = ${id} AND ${fromStatus(T.credit)}`,
  );
  return rowCount;
}

/** Deposits credited set-based, each by its member's line of a bulk entry (`lines`: member_id, entry_id; ledger/bulk.ts). */
async function creditByMember(tx: Sql, ids: string[], lines: SqlQuery): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE deposits d SET ${toStatus(T.credit)}, entry_id = l.entry_id, final_at = now(), credited_at = now()
          FROM ${lines} l WHERE d.id = ANY(${ids}::bigint[]) AND d.member_id = l.member_id AND d.${fromStatus(T.credit)}`,
  );
  return rowCount;
}

/** A held deposit rejected by admin `decidedBy` with `note`: never credited. */
async function reject(tx: Sql, id: number, set: { decidedBy: number; decidedAt: Date; note: string }): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE deposits SET ${toStatus(T.reject)}, decided_by = ${set.decidedBy}, decided_at = ${set.decidedAt},
               decision_note = ${set.note}
         WHERE id = ${id} AND ${fromStatus(T.reject)}`,
  );
  return rowCount;
}

/**
 * The deposit's transitions, each named as in DEPOSIT_TRANSITIONS (`credit`
 * also set-based), and its recording, which is also how a dropped one is
 * reopened: its log recorded again.
 */
export const depositLifecycle = { record, drop, belowMinimum, hold, credit, creditByMember, reopen: record, reject };
