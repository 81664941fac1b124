import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/** How many members of a run were paid each way and its largest changes per member (base units as text), stored with the last day. */
export interface SimulationSummary {
  membersPaid: { actual: number; simulated: number };
  largestChanges: Array<{ memberId: number; username: string; actual: string; simulated: string }>;
}

export const LARGEST_CHANGES = 20;

/** Read from the run's per-member rows (all days and kinds summed, in one pass), once every day is replayed. */
export async function summarise(tx: Sql, id: number): Promise<SimulationSummary> {
  const { rows } = await tx.query<{
    actual: number;
    simulated: number;
    largest: SimulationSummary['largestChanges'] | null;
  }>(
    sql`WITH t AS MATERIALIZED (
          SELECT member_id, sum(actual) AS actual, sum(simulated) AS simulated
            FROM plan_simulation_members WHERE simulation_id = ${id} GROUP BY member_id
        )
        SELECT (SELECT count(*) FROM t WHERE actual > 0)::int AS actual,
               (SELECT count(*) FROM t WHERE simulated > 0)::int AS simulated,
               (SELECT json_agg(json_build_object('memberId', l.member_id, 'username', u.username,
                                                  'actual', l.actual::text, 'simulated', l.simulated::text)
                                ORDER BY abs(l.simulated - l.actual) DESC, l.member_id)
                  FROM (SELECT * FROM t WHERE simulated <> actual
                         ORDER BY abs(simulated - actual) DESC, member_id LIMIT ${LARGEST_CHANGES}) l
                  JOIN users u ON u.id = l.member_id) AS largest`,
  );
  const row = rows[0]!;
  return { membersPaid: { actual: row.actual, simulated: row.simulated }, largestChanges: row.largest ?? [] };
}
