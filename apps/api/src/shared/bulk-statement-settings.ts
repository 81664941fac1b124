import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/**
 * The session settings of a transaction that works over every member at
 * once (the daily close, a pay, a day of the plan simulator), for that
 * transaction only (`SET LOCAL`, literals: `SET` takes no parameter): hashes
 * and sorts over every matched member stay in memory, and no statement is
 * JIT-compiled. The planner over-estimates the triggers' set-based checks
 * and the simulator's generic plans by orders of magnitude, and compiling
 * each took about half a second (1.5 s a simulated day at 300,000 members)
 * that their execution never won back (docs/performance.md, "The daily
 * close" and "The plan simulator").
 */
export async function bulkStatementSettings(tx: Sql): Promise<void> {
  await tx.query(sql`SET LOCAL work_mem = '128MB'`);
  await tx.query(sql`SET LOCAL jit = off`);
}
