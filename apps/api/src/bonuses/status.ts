import { fromBaseUnits, type PlanStatus, type Settings } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql, type SqlQuery, type ValueOrColumn } from '../platform/db/sql';
import { bvText, unitsToBv } from '../shared/bv';
import { PENDING_LEGS } from '../network/queries';
import { percentToPpm } from '../plan/rules';
import { lastReadSettings, readSettings } from '../settings/in-force';
import { closeInReview } from '../plan/close-rows';

/** A member's package and legs; volumes include events the roll-up has not applied yet. */
export async function planStatus(db: Sql, memberId: number): Promise<PlanStatus> {
  // Prepared (platform/db/sql.ts): the pending legs' lateral costs more to plan than to run.
  const { rows } = await db.query<PlanStatusRow>(sql.prepared(planStatusRow(memberId, lastMatchingRate())));
  const row = rows[0]!;
  const settings = needsSettings(row) ? await readSettings(db) : undefined;
  return planStatusOf(db, row, settings, await closeInReview(db));
}

/** `planStatusRow`'s row: money and volumes as text. */
export interface PlanStatusRow {
  active: boolean;
  package_id: number | null;
  name: string | null;
  daily_cap: string | null;
  pending: string;
  placed: boolean;
  lv: string | null;
  rv: string | null;
  /** The matching rate (ppm) the next close below was computed at; null: not computed. */
  next_rate: string | null;
  /** The next close: `plan_match_day` on `lv` and `rv` at one day's cap (BV, base units). */
  next_matched: string | null;
  next_paid: string | null;
  next_flushed: string | null;
}

/**
 * The statement of `planStatus`'s row (the member dashboard embeds it), with
 * the next close computed by `plan_match_day` (apps/api/sql/functions/plan_match_day.sql,
 * the rule the close pays by) at `ratePpm`, the matching rate the caller
 * expects in force (`lastMatchingRate`): `planStatusOf` checks it against
 * the settings read.
 */
export function planStatusRow(memberId: ValueOrColumn<number>, ratePpm: string | null): SqlQuery {
  return sql`SELECT m.active, m.package_id, k.name, k.daily_cap::text AS daily_cap, m.pending_volume::text AS pending,
            (n.member_id IS NOT NULL) AS placed, legs.lv::text AS lv, legs.rv::text AS rv,
            ${ratePpm}::text AS next_rate, d.matched::text AS next_matched, d.paid::text AS next_paid,
            d.flushed::text AS next_flushed
       FROM members m
       LEFT JOIN packages k ON k.id = m.package_id
       LEFT JOIN network_nodes n ON n.member_id = m.user_id
       LEFT JOIN LATERAL (${sql.raw(PENDING_LEGS('n'))}) pend ON n.member_id IS NOT NULL
      CROSS JOIN LATERAL (SELECT n.left_volume + COALESCE(pend.lv, 0) AS lv, n.right_volume + COALESCE(pend.rv, 0) AS rv) legs
      CROSS JOIN LATERAL plan_match_day(legs.lv, legs.rv, ${ratePpm}::numeric, k.daily_cap) d
      WHERE m.user_id = ${memberId}`;
}

/** The matching rate (ppm) of the settings this process read last, for `planStatusRow`; null before any read. */
export function lastMatchingRate(): string | null {
  const known = lastReadSettings();
  return known ? percentToPpm(known.settings.matchingPercent).toString() : null;
}

/** Whether the status needs the settings (the next close's estimate: an active, placed member). */
export const needsSettings = (row: PlanStatusRow) => row.active && row.placed;

/** The plan status from its row, the settings (when `needsSettings`) and the close being reviewed, if any. */
export async function planStatusOf(
  db: Sql,
  row: PlanStatusRow,
  settings: Settings | undefined,
  waiting: { date: string; payAfter: Date | null } | undefined,
): Promise<PlanStatus> {
  const lv = row.lv ?? '0';
  const rv = row.rv ?? '0';
  const nextClose = settings && needsSettings(row) ? await nextCloseOf(db, row, settings) : null;
  return {
    active: row.active,
    package:
      row.package_id === null
        ? null
        : { id: row.package_id, name: row.name!, dailyCap: fromBaseUnits(BigInt(row.daily_cap!)) },
    placed: row.placed,
    pendingVolume: bvText(row.pending),
    leftVolume: bvText(lv),
    rightVolume: bvText(rv),
    nextClose,
    capMatched:
      nextClose && settings ? capMatchedBv(BigInt(row.daily_cap!), percentToPpm(settings.matchingPercent)) : null,
    // The close being reviewed before it pays: members see the day as being reviewed, not as paid.
    closeInReview: waiting ? { date: waiting.date, payAfter: waiting.payAfter?.toISOString() ?? null } : null,
  };
}

/**
 * The least matched BV that `plan_match_day` pays `capUnits` (the daily cap,
 * base units) for at `ratePpm`: it pays floor(matched units × rate / 10^6),
 * so the cap is reached from ceil(cap × 10^6 / rate) matched units on. Null
 * at a rate of 0, where no BV reaches a cap above 0.
 */
function capMatchedBv(capUnits: bigint, ratePpm: bigint): string | null {
  if (ratePpm === 0n) return capUnits === 0n ? '0' : null;
  return unitsToBv((capUnits * 1_000_000n + ratePpm - 1n) / ratePpm);
}

/**
 * What a close would pay now: the row's `plan_match_day` when it was computed
 * at the matching rate in force, else (the settings changed since this
 * process last read them, or it had read none) asked of the database with
 * that rate.
 */
async function nextCloseOf(db: Sql, row: PlanStatusRow, settings: Settings): Promise<PlanStatus['nextClose']> {
  const rate = percentToPpm(settings.matchingPercent).toString();
  let day = { matched: row.next_matched!, paid: row.next_paid!, flushed: row.next_flushed! };
  if (row.next_rate !== rate) {
    const { rows } = await db.query<typeof day>(
      sql`SELECT matched::text AS matched, paid::text AS paid, flushed::text AS flushed
            FROM plan_match_day(${row.lv}::numeric, ${row.rv}::numeric, ${rate}::numeric, ${row.daily_cap}::numeric)`,
    );
    day = rows[0]!;
  }
  return {
    matched: bvText(day.matched),
    bonus: fromBaseUnits(BigInt(day.paid)),
    flushed: fromBaseUnits(BigInt(day.flushed)),
  };
}
