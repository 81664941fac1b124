import {
  fromBaseUnits,
  referralLevelPercents,
  toBaseUnits,
  type ProposedSettings,
  type SimulationDefaults,
} from '@portal/contract';
import type { Sql } from '../db/database';
import { sql } from '../db/sql';
import { readSettings } from '../settings/service';
import { percentToPpm } from '../plan/rules';

/**
 * The settings a simulation compares with, in the shape of a proposal: the
 * referral levels' and the matching rates in force, every package's daily
 * cap in the catalogue (the admin page starts from these).
 */
export async function settingsInForce(db: Sql): Promise<ProposedSettings> {
  const settings = await readSettings(db);
  const { rows } = await db.query<{ id: number; daily_cap: string }>(
    sql`SELECT id, daily_cap::text FROM packages ORDER BY price, id`,
  );
  return {
    referralPercents: referralLevelPercents(settings),
    matchingPercent: settings.matchingPercent,
    packageCaps: rows.map((p) => ({ packageId: Number(p.id), dailyCap: fromBaseUnits(BigInt(p.daily_cap)) })),
  };
}

/** The admin page's starting point: the settings in force and the packages' names. */
export async function simulationDefaults(db: Sql): Promise<SimulationDefaults> {
  const { rows } = await db.query<{ id: number; name: string }>(sql`SELECT id, name FROM packages ORDER BY price, id`);
  return { settings: await settingsInForce(db), packages: rows.map((p) => ({ id: Number(p.id), name: p.name })) };
}

/**
 * A proposal as plan_simulate_day.sql takes it: the rates in parts per
 * million, and only the packages whose cap differs from `inForce`'s (the
 * others replay the cap each close applied).
 */
export function replayArguments(proposed: ProposedSettings, inForce: ProposedSettings) {
  const current = new Map(inForce.packageCaps.map((c) => [c.packageId, toBaseUnits(c.dailyCap)]));
  const changed = proposed.packageCaps.filter((c) => toBaseUnits(c.dailyCap) !== current.get(c.packageId));
  return {
    rates: proposed.referralPercents.map((p) => percentToPpm(p).toString()),
    matchingRate: percentToPpm(proposed.matchingPercent).toString(),
    capPackages: changed.map((c) => c.packageId),
    capValues: changed.map((c) => toBaseUnits(c.dailyCap).toString()),
  };
}
