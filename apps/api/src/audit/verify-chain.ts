import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/** An entry of the audit chain: its id, its place in the chain, its hash (hex). */
export interface ChainEntry {
  id: number;
  position: number;
  hash: string;
}

/** Where a check starts: after this position, whose entry's hash is this (position 0: the start, empty hash). */
export interface ChainStart {
  position: number;
  hash: string;
}

export const CHAIN_START: ChainStart = { position: 0, hash: '' };

/** audit_entry_hash's arguments after the previous hash: the content of entry `l`. */
const ENTRY_COLUMNS = sql`l.chain_position, l.id, l.actor_id, l.action, l.target_type, l.target_id, l.details, l.ip, l.created_at`;

/** How the first entry that does not match fails. */
export type ChainBreakReason =
  /** Its content or hash is not what its predecessor's hash and its content give. */
  | 'changed'
  /** The entry before it in the chain is gone. */
  | 'missing_before'
  /** After the chain's head: written without the trigger. */
  | 'outside_chain'
  /** The head is past the last entry: entries at the end are gone (no entry to name). */
  | 'missing_at_end'
  /** The entry a previous check ended on is not the one it verified. */
  | 'changed_since_verified';

export interface ChainBreak {
  position: number;
  /** Null when the entry at that position is gone. */
  entryId: number | null;
  reason: ChainBreakReason;
}

export type ChainCheck =
  /** `more`: the check stopped at its `limit`, entries after `last` are left to check. */
  | { whole: true; last: ChainEntry | null; more?: true }
  | { whole: false; verifiedThrough: ChainEntry | null; broken: ChainBreak };

interface CheckRow {
  bad_id: string | null;
  bad_position: string | null;
  bad_reason: 'changed' | 'missing_before' | 'outside_chain' | null;
  before_id: string | null;
  before_position: string | null;
  before_hash: string | null;
  start_hash: string | null;
  start_id: string | null;
  last_id: string | null;
  last_position: string | null;
  last_hash: string | null;
  head_position: string;
  head_hash: string;
}

/**
 * Recomputes the audit chain after `start` (docs/decisions/0054-audit-chain.md):
 * each entry's hash from its predecessor's stored hash and its content
 * (audit_entry_hash, the trigger's own function), the positions without a
 * gap, nothing after the head, and the last entry equal to the head. One
 * statement, so one snapshot: an entry committed meanwhile is seen with the
 * head that counts it, or not at all. Stops at the first entry that does not
 * match (the scan follows the position index and the LIMIT ends it).
 * With `limit`, at most that many positions: a long chain checked in
 * statements short enough not to hold PGlite's one connection for long.
 */
export async function checkChain(db: Sql, start: ChainStart = CHAIN_START, limit?: number): Promise<ChainCheck> {
  const from = start.position;
  const end = limit === undefined ? null : from + limit;
  const inRange = end === null ? sql.empty : sql`AND l.chain_position <= ${end}::bigint`;
  const { rows } = await db.query<CheckRow>(
    sql`WITH head AS (SELECT position, hash FROM audit_chain_head),
      chain AS (
        SELECT l.id, l.chain_position, l.hash,
               lag(l.id) OVER w AS before_id,
               coalesce(lag(l.chain_position) OVER w, ${from}::bigint) AS before_position,
               coalesce(lag(l.hash) OVER w, decode(${start.hash}, 'hex')) AS before_hash,
               audit_entry_hash(coalesce(lag(l.hash) OVER w, decode(${start.hash}, 'hex')),
                 ${ENTRY_COLUMNS}) AS expected
          FROM audit_log l
         WHERE l.chain_position > ${from}::bigint ${inRange}
        WINDOW w AS (ORDER BY l.chain_position)),
      bad AS (
        SELECT c.*, CASE WHEN c.chain_position > head.position THEN 'outside_chain'
                         WHEN c.chain_position <> c.before_position + 1 THEN 'missing_before'
                         ELSE 'changed' END AS reason
          FROM chain c, head
         WHERE c.chain_position > head.position OR c.chain_position <> c.before_position + 1 OR c.expected <> c.hash
         ORDER BY c.chain_position LIMIT 1),
      last AS (SELECT id, chain_position, hash FROM audit_log l WHERE true ${inRange} ORDER BY chain_position DESC LIMIT 1)
    SELECT bad.id::text AS bad_id, bad.chain_position::text AS bad_position, bad.reason AS bad_reason,
           bad.before_id::text AS before_id, bad.before_position::text AS before_position,
           encode(bad.before_hash, 'hex') AS before_hash,
           (SELECT encode(hash, 'hex') FROM audit_log WHERE chain_position = ${from}::bigint) AS start_hash,
           (SELECT id::text FROM audit_log WHERE chain_position = ${from}::bigint) AS start_id,
           last.id::text AS last_id, last.chain_position::text AS last_position, encode(last.hash, 'hex') AS last_hash,
           head.position::text AS head_position, encode(head.hash, 'hex') AS head_hash
      FROM head LEFT JOIN bad ON true LEFT JOIN last ON true`,
  );
  const row = rows[0]!;
  const startEntry = from === 0 ? null : { id: Number(row.start_id), position: from, hash: start.hash };
  if (from > 0 && row.start_hash !== start.hash) {
    return {
      whole: false,
      verifiedThrough: null,
      broken: {
        position: from,
        entryId: row.start_id === null ? null : Number(row.start_id),
        reason: 'changed_since_verified',
      },
    };
  }
  if (row.bad_position !== null) {
    const beforePosition = Number(row.before_position);
    return {
      whole: false,
      verifiedThrough:
        beforePosition === 0
          ? null
          : row.before_id === null
            ? startEntry
            : { id: Number(row.before_id), position: beforePosition, hash: row.before_hash! },
      broken: { position: Number(row.bad_position), entryId: Number(row.bad_id), reason: row.bad_reason! },
    };
  }
  const last =
    row.last_position === null
      ? null
      : { id: Number(row.last_id), position: Number(row.last_position), hash: row.last_hash! };
  const headPosition = Number(row.head_position);
  if (end !== null && last?.position === end && end < headPosition) return { whole: true, last, more: true };
  if ((last?.position ?? 0) < headPosition) {
    return {
      whole: false,
      verifiedThrough: last,
      broken: { position: (last?.position ?? 0) + 1, entryId: null, reason: 'missing_at_end' },
    };
  }
  if (last !== null && last.hash !== row.head_hash) {
    // Every link holds but the last entry is not the one the head recorded: the end was rewritten.
    return {
      whole: false,
      verifiedThrough: null,
      broken: { position: last.position, entryId: last.id, reason: 'changed' },
    };
  }
  return { whole: true, last: last ?? null };
}

const REASONS: Record<ChainBreakReason, string> = {
  changed: 'its content or its hash is not what the entry before it and its own content give',
  missing_before: 'the entry before it in the chain is missing (deleted)',
  outside_chain: 'it was added outside the chain, after its last entry',
  missing_at_end: 'the chain records more entries than there are: the last ones are missing (deleted)',
  changed_since_verified: 'the entry a previous check ended on has been changed or deleted since',
};

/** The check's outcome in a sentence, as the command prints it and the audit page shows it. */
export function describeCheck(check: ChainCheck): string {
  if (check.whole) {
    return check.last === null
      ? 'The audit chain is whole: no entries yet.'
      : `The audit chain is whole: ${check.last.position} entries, the last entry #${check.last.id} (hash ${check.last.hash}).`;
  }
  const { broken, verifiedThrough } = check;
  const entry =
    broken.entryId === null ? `position ${broken.position}` : `entry #${broken.entryId} (position ${broken.position})`;
  const through =
    verifiedThrough === null
      ? 'No entry before it is verified.'
      : `Verified up to entry #${verifiedThrough.id} (position ${verifiedThrough.position}).`;
  return `The audit chain does not match from ${entry}: ${reasonText(broken.reason)}. ${through}`;
}

export function reasonText(reason: ChainBreakReason): string {
  return REASONS[reason];
}
