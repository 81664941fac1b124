import {
  fromBaseUnits,
  referralLevelPercents,
  toBaseUnits,
  type ProposedSettings,
  type SimulationDefaults,
} from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { readSettings } from '../settings/in-force';
import { percentToPpm } from '../plan/rules';

/**
 * The settings a simulation compares with, in the shape of a proposal: the
 * referral levels' and the matching rates in force, every package's daily
 * cap in the catalogue, every rank's bonus (active or not: an achievement
 * of the period may name a rank deactivated since), in the ladder's order
 * (the admin page starts from these).
 */
export async function settingsInForce(db: Sql): Promise<ProposedSettings> {
  const settings = await readSettings(db);
  const { rows } = await db.query<{ id: number; daily_cap: string }>(
    sql`SELECT id, daily_cap::text FROM packages ORDER BY price, id`,
  );
  const ranks = await db.query<{ id: number; bonus: string }>(sql`SELECT id, bonus::text FROM ranks ORDER BY position`);
  return {
    referralPercents: referralLevelPercents(settings),
    matchingPercent: settings.matchingPercent,
    packageCaps: rows.map((p) => ({ packageId: Number(p.id), dailyCap: fromBaseUnits(BigInt(p.daily_cap)) })),
    rankBonuses: ranks.rows.map((r) => ({ rankId: Number(r.id), bonus: fromBaseUnits(BigInt(r.bonus)) })),
  };
}

/** The admin page's starting point: the settings in force, the packages' and the ranks' names. */
export async function simulationDefaults(db: Sql): Promise<SimulationDefaults> {
  const { rows } = await db.query<{ id: number; name: string }>(sql`SELECT id, name FROM packages ORDER BY price, id`);
  const ranks = await db.query<{ id: number; name: string }>(sql`SELECT id, name FROM ranks ORDER BY position`);
  return {
    settings: await settingsInForce(db),
    packages: rows.map((p) => ({ id: Number(p.id), name: p.name })),
    ranks: ranks.rows.map((r) => ({ id: Number(r.id), name: r.name })),
  };
}

/** The entries of `proposed` whose amount differs from the one `inForce` gives the same id. */
function changedFrom<T>(proposed: T[], inForce: T[], id: (item: T) => number, amount: (item: T) => string): T[] {
  const current = new Map(inForce.map((item) => [id(item), toBaseUnits(amount(item))]));
  return proposed.filter((item) => toBaseUnits(amount(item)) !== current.get(id(item)));
}

/**
 * A proposal as plan_simulate_day.sql takes it: the rates in parts per
 * million, and only the packages whose cap and the ranks whose bonus differ
 * from `inForce`'s (the others replay the cap each close applied and the
 * bonus each achievement was recorded with).
 */
export function replayArguments(proposed: ProposedSettings, inForce: ProposedSettings) {
  const caps = changedFrom(
    proposed.packageCaps,
    inForce.packageCaps,
    (c) => c.packageId,
    (c) => c.dailyCap,
  );
  const ranks = changedFrom(
    proposed.rankBonuses,
    inForce.rankBonuses,
    (r) => r.rankId,
    (r) => r.bonus,
  );
  return {
    rates: proposed.referralPercents.map((p) => percentToPpm(p).toString()),
    matchingRate: percentToPpm(proposed.matchingPercent).toString(),
    capPackages: caps.map((c) => c.packageId),
    capValues: caps.map((c) => toBaseUnits(c.dailyCap).toString()),
    bonusRanks: ranks.map((r) => r.rankId),
    bonusValues: ranks.map((r) => toBaseUnits(r.bonus).toString()),
  };
}
