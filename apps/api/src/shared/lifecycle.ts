import { sql, type SqlQuery } from '../platform/db/sql';

/**
 * The lifecycle of a money object (docs/decisions/0058-money-lifecycles.md):
 * its statuses change only by the named transitions of one table, written in
 * one file per object (withdrawals/lifecycle.ts, withdrawals/payout/lifecycle.ts …),
 * and the database refuses any other change (apps/api/sql/functions/money_refuse_transition.sql).
 */

/** One named move of a status: from any of `from` to `to`. */
export interface Transition<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}

export type TransitionTable<S extends string> = Readonly<Record<string, Transition<S>>>;

/** `status = <to>`: the SET clause of a transition. */
export const toStatus = (t: Transition<string>): SqlQuery => sql`status = ${t.to}`;

/** `status = ANY(<from>)`: the rows a transition may move, so a write never moves one the table does not allow. */
export const fromStatus = (t: Transition<string>): SqlQuery => sql`status = ANY(${[...t.from]}::text[])`;

/**
 * For a caller that locked its rows, checked their status and moved money
 * with them in the same transaction: a transition that moved fewer rows than
 * that is a bug, never a user's mistake, so it throws and the transaction,
 * money included, rolls back instead of leaving money moved and a status
 * behind. (A transition moves only rows in a status it starts from, so the
 * database's check, money_refuse_transition.sql, never sees the row it skipped.)
 */
export function mustHaveMoved(moved: number, expected: number, what: string): void {
  if (moved !== expected)
    throw new Error(`${what}: ${moved} of ${expected} rows moved; their status changed under the lock`);
}
