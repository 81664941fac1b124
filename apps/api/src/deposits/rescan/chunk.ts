import type { Database } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { leaseEnd } from '../../shared/lease';
import { writeAudit } from '../../audit/write-audit';
import { creditAll, setAside } from '../credit-final-range';
import { recordDeposits } from '../record-deposits';
import type { MatchedLog } from '../transfer-logs';
import { lockFinalNext, type WatchKey } from '../watch-cursor';

export interface ChunkRecorded {
  /** The rescan ended with this chunk (its last block read). */
  done: boolean;
  credited: number;
}

/**
 * Records one chunk of a rescan in one transaction, as the watcher records
 * a final range (credit-final-range.ts): the matched logs become deposits
 * once per (chain, tx hash, log index), a `seen` or `dropped` one is taken
 * up, the minimum and the screening set some aside (`setAside`), the rest
 * are credited through the ledger; and the rescan's `next_block` and counts
 * move in the same transaction, so a process killed after it resumes at the
 * next chunk and one killed before it reads this one again.
 *
 * Exactly once: the transaction first locks the rescan row while this holder
 * leases it and it runs (a cancel or a takeover makes it record nothing:
 * null), then the watcher's cursor row (`lockFinalNext`), which the watcher's
 * ranges and every recovery lock too, so a deposit they record at the same
 * time is found recorded here, never credited twice; a credited,
 * below-minimum, held or rejected deposit is never reopened (record-deposits.ts).
 */
export async function recordChunk(
  db: Database,
  key: WatchKey,
  lease: { id: number; holder: string },
  from: bigint,
  to: bigint,
  matched: MatchedLog[],
  decimals: number,
): Promise<ChunkRecorded | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ next_block: string; to_block: string; started_by: number | null }>(
      sql`SELECT next_block::text, to_block::text, started_by FROM deposit_rescans
           WHERE id = ${lease.id} AND leased_by = ${lease.holder} AND status = 'running' FOR UPDATE`,
    );
    const rescan = rows[0];
    if (!rescan || rescan.next_block !== from.toString()) return null;
    await lockFinalNext(tx, key);
    const counts = { credited: 0, held: 0, below: 0 };
    if (matched.length) {
      const open = await recordDeposits(tx, key.chainId, matched, decimals, ['seen', 'dropped']);
      const credit = await setAside(tx, open);
      await creditAll(tx, key.chainId, from, to, credit);
      counts.credited = credit.length;
      if (open.length) {
        const { rows: statuses } = await tx.query<{ status: string; n: number }>(
          sql`SELECT status, count(*)::int AS n FROM deposits WHERE id = ANY(${open.map((row) => row.id)}::bigint[]) GROUP BY status`,
        );
        counts.held = statuses.find((s) => s.status === 'held')?.n ?? 0;
        counts.below = statuses.find((s) => s.status === 'below_minimum')?.n ?? 0;
        // The job has no request: the admin who started the rescan answers for what it recorded.
        await writeAudit(tx, {
          actor: { userId: rescan.started_by === null ? null : Number(rescan.started_by), ip: null },
          action: 'deposit.rescan',
          targetType: 'deposit',
          targetId: open.map((row) => row.id),
          details: { rescanId: lease.id, fromBlock: from.toString(), toBlock: to.toString() },
        });
      }
    }
    const done = to >= BigInt(rescan.to_block);
    await tx.query(
      sql`UPDATE deposit_rescans
             SET next_block = ${(to + 1n).toString()}, found = found + ${matched.length}, credited = credited + ${counts.credited},
                 held = held + ${counts.held}, below_minimum = below_minimum + ${counts.below}, failures = 0, error = NULL,
                 updated_at = now(), leased_until = ${done ? null : leaseEnd},
                 status = ${done ? 'done' : 'running'}, finished_at = ${done ? sql`now()` : null}
           WHERE id = ${lease.id}`,
    );
    return { done, credited: counts.credited };
  });
}
