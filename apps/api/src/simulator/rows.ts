import { proposedSettingsSchema, type Simulation } from '@portal/contract';
import { sql } from '../platform/db/sql';

/** A `plan_simulations` row (migration 0037) as the list and the answers read it. */
export interface SimulationRow {
  id: number;
  status: Simulation['status'];
  from_date: string;
  to_date: string;
  days: number;
  days_done: number;
  proposed: unknown;
  in_force: unknown;
  summary: unknown;
  started_by: string | null;
  created_at: Date;
  finished_at: Date | null;
  error: string | null;
}

export const SIMULATION_SELECT = sql`SELECT s.id, s.status, to_char(s.from_date, 'YYYY-MM-DD') AS from_date,
         to_char(s.from_date + s.days - 1, 'YYYY-MM-DD') AS to_date, s.days, (s.next_date - s.from_date) AS days_done,
         s.proposed, s.in_force, s.summary, u.username AS started_by, s.created_at, s.finished_at, s.error
    FROM plan_simulations s LEFT JOIN users u ON u.id = s.started_by`;

export function toSimulation(row: SimulationRow): Simulation {
  return {
    id: Number(row.id),
    status: row.status,
    from: row.from_date,
    to: row.to_date,
    days: row.days,
    daysDone: Number(row.days_done),
    proposed: proposedSettingsSchema.parse(row.proposed),
    inForce: proposedSettingsSchema.parse(row.in_force),
    startedBy: row.started_by,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
    error: row.error,
  };
}
