import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import type { Job } from '../shared/job-runner';
import { buildReserveProof } from './build-reserve-proof';

/**
 * The proof of reserves after each close (platform/jobs.ts): once the latest close's bonuses are in the
 * wallets (a close in review waits for its pay), its proof is taken, in the process that holds the hot
 * wallet's key. Any number of processes may run it: the proof's lock and its close's unique row decide.
 */
export function reserveProofJob(ctx: AppContext, everyMs = 60_000): Job {
  return {
    name: 'proof of reserves',
    everyMs,
    async pass() {
      const { rows } = await ctx.db.query<{ day: string | null }>(
        sql`SELECT to_char(max(c.close_date), 'YYYY-MM-DD') AS day FROM matching_closes c
             WHERE NOT EXISTS (SELECT 1 FROM matching_closes_in_review r WHERE r.close_date = c.close_date)
               AND NOT EXISTS (SELECT 1 FROM reserve_proofs p WHERE p.close_date >= c.close_date)`,
      );
      const day = rows[0]!.day;
      if (!day) return false;
      const proof = await buildReserveProof(ctx, { closeDate: day });
      if (proof) ctx.log.info({ proof: proof.id, close: day, members: proof.members }, 'proof of reserves published');
      return false;
    },
  };
}
