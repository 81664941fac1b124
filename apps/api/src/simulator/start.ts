import type { SimulationResult, StartSimulationInput } from '@portal/contract';
import type { AppContext } from '../context';
import type { Actor } from '../audit/write-audit';
import { sql } from '../platform/db/sql';
import { utcDay } from '../plan/close';
import { conflict, isUniqueViolation, unprocessable } from '../shared/errors';
import { readSimulation } from './read';
import { settingsInForce } from './settings';

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An admin starts a simulation (docs/plan.md, "The plan simulator"): the
 * period must have ended by today (422 SIMULATION_PERIOD_IN_FUTURE), every
 * package and rank named must exist (422 SIMULATION_PACKAGE_UNKNOWN,
 * SIMULATION_RANK_UNKNOWN); the run is recorded with the proposal (packages
 * and ranks left out keep the cap and the bonus in force) and
 * the settings in force now, and the simulator job (replay.ts) replays it
 * day by day. One runs at a time: migration 0037's partial unique index
 * refuses a second (409 SIMULATION_RUNNING), however two requests race.
 * Nothing else is written: the run moves no money and is not audited.
 */
export async function startSimulation(
  ctx: AppContext,
  actor: Actor,
  input: StartSimulationInput,
): Promise<SimulationResult> {
  const to = addDays(input.from, input.days - 1);
  const today = utcDay(ctx.now());
  if (to > today)
    throw unprocessable(
      'SIMULATION_PERIOD_IN_FUTURE',
      `${input.days} days from ${input.from} end on ${to}, after today (${today}): a simulation replays what happened, so the period must end by today.`,
      'from',
    );
  const inForce = await settingsInForce(ctx.db);
  const known = new Set(inForce.packageCaps.map((c) => c.packageId));
  const unknown = input.settings.packageCaps.find((c) => !known.has(c.packageId));
  if (unknown)
    throw unprocessable(
      'SIMULATION_PACKAGE_UNKNOWN',
      `There is no package #${unknown.packageId}: give caps only for packages of the catalogue.`,
      'settings.packageCaps',
    );
  const ranks = new Set(inForce.rankBonuses.map((r) => r.rankId));
  const rankBonuses = input.settings.rankBonuses ?? [];
  const unknownRank = rankBonuses.find((r) => !ranks.has(r.rankId));
  if (unknownRank)
    throw unprocessable(
      'SIMULATION_RANK_UNKNOWN',
      `There is no rank #${unknownRank.rankId}: give bonuses only for the ranks defined.`,
      'settings.rankBonuses',
    );
  const entered = new Map(input.settings.packageCaps.map((c) => [c.packageId, c.dailyCap]));
  const bonuses = new Map(rankBonuses.map((r) => [r.rankId, r.bonus]));
  const proposed = {
    ...input.settings,
    packageCaps: inForce.packageCaps.map((c) => ({ ...c, dailyCap: entered.get(c.packageId) ?? c.dailyCap })),
    rankBonuses: inForce.rankBonuses.map((r) => ({ ...r, bonus: bonuses.get(r.rankId) ?? r.bonus })),
  };
  let id: number;
  try {
    const { rows } = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO plan_simulations (from_date, days, next_date, proposed, in_force, started_by)
          VALUES (${input.from}, ${input.days}, ${input.from}, ${proposed}, ${inForce}, ${actor.userId}) RETURNING id`,
    );
    id = Number(rows[0]!.id);
  } catch (error) {
    if (!isUniqueViolation(error, 'plan_simulations_one_running')) throw error;
    throw conflict(
      'SIMULATION_RUNNING',
      'Another simulation is running: wait for it to end or cancel it, then start this one.',
    );
  }
  ctx.jobs?.kickSimulations();
  return readSimulation(ctx.db, id);
}
