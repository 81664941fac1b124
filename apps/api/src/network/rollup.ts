import { toBaseUnits } from '@portal/contract';
import type { Database, Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { Job } from '../shared/job-runner';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';

/**
 * The network roll-up: brings every placement ancestor's left/right team
 * counts (and leg volumes) up to date with the events appended by placements
 * (and, from the plan, purchases), off the request path.
 *
 * A batch walks up once from its events' nodes, merging shared ancestors (a
 * recursive UNION stops where paths meet), adds each branch's totals in
 * memory from the bottom up, and writes every touched ancestor with one
 * UPDATE (the legs and their lifetime totals, which no close cuts: ranks
 * read them, migration 0036) — so a batch of 1,000 events on a 10,000-deep chain touches about
 * 10,000 rows once, not 10 million. The same transaction marks the events
 * rolled up: a batch applies entirely or not at all, and never twice.
 * Batches are serialised by an advisory lock, so any number of processes may
 * run the job; anyone else who writes the leg columns must take the lock too.
 */
export const ROLLUP_BATCH = 2_000;

interface EventRow {
  id: number;
  member_id: number;
  count_delta: number;
  volume: string;
}

interface UpRow {
  member_id: number;
  parent_id: number | null;
  side: 'left' | 'right' | null;
  depth: number;
}

interface Delta {
  leftCount: number;
  rightCount: number;
  leftVolume: bigint;
  rightVolume: bigint;
}

/**
 * Applies pending events in batches until none is left (or `maxBatches`).
 * `wait: false` returns at once when another process holds the lock.
 * Returns the number of events applied.
 */
export async function rollUpNetwork(
  db: Database,
  options: { batchSize?: number; maxBatches?: number; wait?: boolean } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? ROLLUP_BATCH;
  let applied = 0;
  for (let batch = 0; batch < (options.maxBatches ?? Infinity); batch += 1) {
    const result = await db.transaction((tx) => rollUpBatch(tx, batchSize, options.wait ?? true));
    if (result === 'busy') break;
    applied += result;
    if (result < batchSize) break;
  }
  return applied;
}

export async function rollUpBatch(tx: Sql, batchSize: number, wait: boolean): Promise<number | 'busy'> {
  if (wait) {
    await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.networkRollup})`);
  } else {
    const { rows } = await tx.query<{ locked: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.networkRollup}) AS locked`,
    );
    if (!rows[0]?.locked) return 'busy';
  }
  const events = (
    await tx.query<EventRow>(
      sql`SELECT id, member_id, count_delta, volume::text AS volume FROM network_events
        WHERE rolled_up_at IS NULL ORDER BY id LIMIT ${batchSize} FOR UPDATE`,
    )
  ).rows;
  if (events.length === 0) return 0;

  const scale = Math.max(0, ...events.map((e) => fractionDigits(e.volume)));
  const own = new Map<number, { count: number; volume: bigint }>();
  for (const e of events) {
    const sum = own.get(e.member_id) ?? { count: 0, volume: 0n };
    sum.count += e.count_delta;
    sum.volume += toBaseUnits(e.volume, scale);
    own.set(e.member_id, sum);
  }

  // Every ancestor of the batch, each once.
  const up = (
    await tx.query<UpRow>(
      sql`WITH RECURSIVE up (member_id, parent_id, side, depth) AS (
         SELECT member_id, parent_id, side, depth FROM network_nodes WHERE member_id = ANY(${[...own.keys()]}::bigint[])
         UNION
         SELECT p.member_id, p.parent_id, p.side, p.depth FROM up JOIN network_nodes p ON p.member_id = up.parent_id
       )
       SELECT member_id, parent_id, side, depth FROM up`,
    )
  ).rows;

  // Bottom up: what lies below each node (itself included), added to its parent's leg.
  up.sort((a, b) => b.depth - a.depth);
  const below = new Map<number, { count: number; volume: bigint }>();
  const deltas = new Map<number, Delta>();
  for (const node of up) {
    const mine = own.get(node.member_id);
    const total = below.get(node.member_id) ?? { count: 0, volume: 0n };
    if (mine) {
      total.count += mine.count;
      total.volume += mine.volume;
    }
    if (node.parent_id === null || (total.count === 0 && total.volume === 0n)) continue;
    const parentBelow = below.get(node.parent_id) ?? { count: 0, volume: 0n };
    parentBelow.count += total.count;
    parentBelow.volume += total.volume;
    below.set(node.parent_id, parentBelow);
    const d = deltas.get(node.parent_id) ?? { leftCount: 0, rightCount: 0, leftVolume: 0n, rightVolume: 0n };
    if (node.side === 'left') {
      d.leftCount += total.count;
      d.leftVolume += total.volume;
    } else {
      d.rightCount += total.count;
      d.rightVolume += total.volume;
    }
    deltas.set(node.parent_id, d);
  }

  if (deltas.size > 0) {
    const ids = [...deltas.keys()].sort((a, b) => a - b);
    const pick = (f: (d: Delta) => number | bigint, volume = false) =>
      ids.map((id) => (volume ? fromScaled(f(deltas.get(id)!) as bigint, scale) : f(deltas.get(id)!)));
    // The legs moved, and in the same statement the members whose legs' lifetime BV grew queued for the next rank
    // evaluation (ranks/evaluate.ts). Queued even while no rank is active: a purchase that began before a rank
    // was defined would otherwise be missed by an evaluation that began before it committed.
    await tx.query(
      sql`WITH moved AS (
            UPDATE network_nodes n
               SET left_count = n.left_count + d.lc, right_count = n.right_count + d.rc,
                   left_volume = n.left_volume + d.lv, right_volume = n.right_volume + d.rv,
                   left_lifetime_volume = n.left_lifetime_volume + d.lv, right_lifetime_volume = n.right_lifetime_volume + d.rv
              FROM unnest(${ids}::bigint[], ${pick((d) => d.leftCount)}::bigint[], ${pick((d) => d.rightCount)}::bigint[],
                          ${pick((d) => d.leftVolume, true)}::numeric[], ${pick((d) => d.rightVolume, true)}::numeric[]) AS d (id, lc, rc, lv, rv)
             WHERE n.member_id = d.id
            RETURNING n.member_id, d.lv, d.rv)
          INSERT INTO rank_changes (member_id)
          SELECT member_id FROM moved WHERE lv > 0 OR rv > 0
           ORDER BY 1 ON CONFLICT DO NOTHING`,
    );
  }
  await tx.query(
    // The batch's number: which close first counted an event (refunds/recompute-matching.ts).
    sql`UPDATE network_events SET rolled_up_at = now(), rolled_batch = b.n
          FROM (SELECT nextval('network_rollup_batches') AS n) b WHERE id = ANY(${events.map((e) => e.id)}::bigint[])`,
  );
  return events.length;
}

/**
 * The roll-up's job (jobs.ts): a batch every `everyMs`, at once again
 * while batches come back full. Across processes the advisory lock decides:
 * a process that finds it taken skips its turn.
 */
export function networkRollupJob(db: Database, everyMs = 1000): Job {
  return {
    name: 'network roll-up',
    everyMs,
    firstAfterMs: everyMs,
    pass: async () => (await rollUpNetwork(db, { wait: false, maxBatches: 1 })) >= ROLLUP_BATCH,
  };
}

// Decimal strings as scaled bigints (read by the contract's toBaseUnits), so volumes never pass through a float.
function fractionDigits(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

function fromScaled(value: bigint, scale: number): string {
  if (scale === 0) return value.toString();
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
