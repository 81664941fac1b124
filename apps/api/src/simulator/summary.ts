import type { Sql } from '../db/database';
import { sql } from '../db/sql';

/** How many members of a run were paid each way and its largest changes per member (base units as text), stored with the last day. */
export interface SimulationSummary {
  membersPaid: { actual: number; simulated: number };
  largestChanges: Array<{ memberId: number; username: string; actual: string; simulated: string }>;
}

export const LARGEST_CHANGES = 20;

/** Read from the run's per-member totals (all kinds summed), once every day is replayed. */
export async function summarise(tx: Sql, id: number): Promise<SimulationSummary> {
  const paid = (
    await tx.query<{ actual: number; simulated: number }>(
      sql`SELECT count(*) FILTER (WHERE actual > 0)::int AS actual, count(*) FILTER (WHERE simulated > 0)::int AS simulated
            FROM (SELECT sum(actual) AS actual, sum(simulated) AS simulated
                    FROM plan_simulation_members WHERE simulation_id = ${id} GROUP BY member_id) t`,
    )
  ).rows[0]!;
  const largest = (
    await tx.query<{ member_id: number; username: string; actual: string; simulated: string }>(
      sql`SELECT t.member_id, u.username, t.actual::text, t.simulated::text
            FROM (SELECT member_id, sum(actual) AS actual, sum(simulated) AS simulated
                    FROM plan_simulation_members WHERE simulation_id = ${id} GROUP BY member_id) t
            JOIN users u ON u.id = t.member_id
           WHERE t.simulated <> t.actual
           ORDER BY abs(t.simulated - t.actual) DESC, t.member_id LIMIT ${LARGEST_CHANGES}`,
    )
  ).rows;
  return {
    membersPaid: paid,
    largestChanges: largest.map((r) => ({
      memberId: Number(r.member_id),
      username: r.username,
      actual: r.actual,
      simulated: r.simulated,
    })),
  };
}
