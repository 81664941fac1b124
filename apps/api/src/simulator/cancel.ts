import type { SimulationResult } from '@portal/contract';
import type { AppContext } from '../context';
import type { Actor } from '../audit/write-audit';
import { sql } from '../platform/db/sql';
import { conflict } from '../shared/errors';
import { readSimulation } from './read';

/**
 * An admin stops a running simulation. The UPDATE waits for a day being
 * replayed (replay.ts locks the run's row first), so that day either
 * committed before it or finds the run cancelled and writes nothing; the
 * days replayed stay to read. 409 SIMULATION_NOT_RUNNING once it has ended.
 */
export async function cancelSimulation(ctx: AppContext, actor: Actor, id: number): Promise<SimulationResult> {
  const { rows } = await ctx.db.query<{ id: number }>(
    sql`UPDATE plan_simulations SET status = 'cancelled', cancelled_by = ${actor.userId}, finished_at = now(), updated_at = now(),
               leased_until = NULL
         WHERE id = ${id} AND status = 'running' RETURNING id`,
  );
  const run = await readSimulation(ctx.db, id); // 404 for an unknown id
  if (!rows[0])
    throw conflict(
      'SIMULATION_NOT_RUNNING',
      `Simulation #${id} is not running any more (${run.status}): nothing to cancel.`,
    );
  return run;
}
