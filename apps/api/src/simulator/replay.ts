import { proposedSettingsSchema } from '@portal/contract';
import type { AppContext } from '../context';
import type { Database } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { Job } from '../shared/job-runner';
import { leaseEnd, newLeaseHolder } from '../shared/lease';
import { bulkStatementSettings } from '../shared/bulk-statement-settings';
import { replayArguments } from './settings';
import { summarise } from './summary';

/** Days replayed per pass before the job yields to the others (the next pass runs at once while days are left). */
const DAYS_PER_PASS = 10;
/** A run fails after this many failed days in a row (the job retries with back-off until then). */
const MAX_FAILURES = 5;

interface Claimed {
  id: number;
  next: string;
  last: string;
  args: ReturnType<typeof replayArguments>;
}

/** Takes (or renews) the lease of the running simulation; undefined when none runs or another process holds it. */
async function claim(db: Database, holder: string): Promise<Claimed | undefined> {
  const { rows } = await db.query<{ id: number; next: string; last: string; proposed: unknown; in_force: unknown }>(
    sql`UPDATE plan_simulations SET leased_by = ${holder}, leased_until = ${leaseEnd}
         WHERE status = 'running' AND (leased_by = ${holder} OR leased_until IS NULL OR leased_until < clock_timestamp())
     RETURNING id, to_char(next_date, 'YYYY-MM-DD') AS next, to_char(from_date + days - 1, 'YYYY-MM-DD') AS last, proposed, in_force`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const args = replayArguments(proposedSettingsSchema.parse(row.proposed), proposedSettingsSchema.parse(row.in_force));
  return { id: Number(row.id), next: row.next, last: row.last, args };
}

/**
 * Replays one day in one transaction: the run's row locked first while this
 * holder leases it and it runs (a cancel or a takeover makes it write
 * nothing: null), the day's results written by plan_simulate_day.sql, and
 * `next_date` moved in the same transaction, so a process killed after it
 * resumes at the next day and one killed before it replays this one again.
 * The last day also stores the summary (members paid, largest changes) and
 * ends the run.
 */
async function replayDay(db: Database, holder: string, run: Claimed, day: string): Promise<'next' | 'done' | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ next: string }>(
      sql`SELECT to_char(next_date, 'YYYY-MM-DD') AS next FROM plan_simulations
           WHERE id = ${run.id} AND leased_by = ${holder} AND status = 'running' FOR UPDATE`,
    );
    if (rows[0]?.next !== day) return null;
    // The day's statements are planned generically inside the function, with estimates high enough to be JIT-compiled.
    await bulkStatementSettings(tx);
    const { rates, matchingRate, capPackages, capValues, bonusRanks, bonusValues } = run.args;
    await tx.query(
      sql`SELECT plan_simulate_day(${run.id}, ${day}::date, ${rates}::numeric[], ${matchingRate}::numeric,
                                   ${capPackages}::bigint[], ${capValues}::numeric[],
                                   ${bonusRanks}::bigint[], ${bonusValues}::numeric[])`,
    );
    const done = day === run.last;
    const summary = done ? await summarise(tx, run.id) : null;
    await tx.query(
      sql`UPDATE plan_simulations
             SET next_date = next_date + 1, failures = 0, error = NULL, updated_at = now(), summary = ${summary},
                 leased_until = ${done ? null : leaseEnd},
                 status = ${done ? 'done' : 'running'}, finished_at = ${done ? sql`now()` : null}
           WHERE id = ${run.id}`,
    );
    return done ? 'done' : 'next';
  });
}

const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface SimulationPass {
  /** False: no simulation runs, or another process holds its lease. */
  worked: boolean;
  /** Days replayed in this pass. */
  days: number;
  /** Days are left to replay. */
  more: boolean;
}

/**
 * The simulator (docs/plan.md, "The plan simulator"; ADR 0044): every
 * process runs it; the running simulation's lease (shared/lease.ts) lets one
 * work at a time. A pass replays up to `daysPerPass` days from the run's
 * committed `next_date`, one transaction per day.
 */
export function createSimulationRunner(ctx: AppContext, options: { daysPerPass?: number } = {}) {
  const holder = newLeaseHolder();

  async function pass(): Promise<SimulationPass> {
    const run = await claim(ctx.db, holder);
    if (!run) return { worked: false, days: 0, more: false };
    let day = run.next;
    let days = 0;
    while (days < (options.daysPerPass ?? DAYS_PER_PASS)) {
      const replayed = await replayDay(ctx.db, holder, run, day);
      if (replayed === null) return { worked: true, days, more: false };
      days += 1;
      if (replayed === 'done') return { worked: true, days, more: false };
      day = nextDay(day);
    }
    return { worked: true, days, more: true };
  }

  return {
    pass,
    holder,
    /** Lets the lease go (the job stopping), so another process resumes at once. */
    release: async () => {
      await ctx.db.query(
        sql`UPDATE plan_simulations SET leased_until = NULL WHERE status = 'running' AND leased_by = ${holder}`,
      );
    },
    /** A failed day: its error kept on the run, which fails after MAX_FAILURES in a row. */
    failed: async (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db.query(
        sql`UPDATE plan_simulations SET error = ${message}, failures = failures + 1, updated_at = now(),
               status = CASE WHEN failures + 1 >= ${MAX_FAILURES} THEN 'failed' ELSE status END,
               finished_at = CASE WHEN failures + 1 >= ${MAX_FAILURES} THEN now() ELSE finished_at END
             WHERE status = 'running' AND leased_by = ${holder}`,
      );
    },
  };
}

/** The simulator in the background (jobs.ts): a look every few seconds, at once again while days are left, and at once when a run starts. */
export function simulationJob(ctx: AppContext): Job {
  const runner = createSimulationRunner(ctx);
  return {
    name: 'plan simulator',
    everyMs: 5_000,
    async pass() {
      return (await runner.pass()).more;
    },
    failed: (error) => runner.failed(error),
    release: runner.release,
  };
}
