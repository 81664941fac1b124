import { fromBaseUnits, type PlanStatus, type Settings } from '@portal/contract';
import type { Sql } from '../db/database';
import { sql, type SqlQuery, type ValueOrColumn } from '../db/sql';
import { bvText } from '../shared/bv';
import { PENDING_LEGS } from '../network/queries';
import { matchDay, percentToPpm } from '../plan/rules';
import { bvToUnits, unitsToBv } from '../shared/bv';
import { readSettings } from '../settings/service';
import { closeInReview } from '../plan/close-rows';

/** A member's package and legs; volumes include events the roll-up has not applied yet. */
export async function planStatus(db: Sql, memberId: number): Promise<PlanStatus> {
  // Prepared (db/sql.ts): the pending legs' lateral costs more to plan than to run.
  const { rows } = await db.query<PlanStatusRow>(sql.prepared(planStatusRow(memberId)));
  const row = rows[0]!;
  const settings = needsSettings(row) ? await readSettings(db) : undefined;
  return planStatusOf(row, settings, await closeInReview(db));
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
}

/** The statement of `planStatus`'s row (the member dashboard embeds it). */
export function planStatusRow(memberId: ValueOrColumn<number>): SqlQuery {
  return sql`SELECT m.active, m.package_id, k.name, k.daily_cap::text AS daily_cap, m.pending_volume::text AS pending,
            (n.member_id IS NOT NULL) AS placed,
            (n.left_volume + COALESCE(pend.lv, 0))::text AS lv, (n.right_volume + COALESCE(pend.rv, 0))::text AS rv
       FROM members m
       LEFT JOIN packages k ON k.id = m.package_id
       LEFT JOIN network_nodes n ON n.member_id = m.user_id
       LEFT JOIN LATERAL (${sql.raw(PENDING_LEGS('n'))}) pend ON n.member_id IS NOT NULL
      WHERE m.user_id = ${memberId}`;
}

/** Whether the status needs the settings (the next close's estimate: an active, placed member). */
export const needsSettings = (row: PlanStatusRow) => row.active && row.placed;

/** The plan status from its row, the settings (when `needsSettings`) and the close being reviewed, if any. */
export function planStatusOf(
  row: PlanStatusRow,
  settings: Settings | undefined,
  waiting: { date: string; payAfter: Date | null } | undefined,
): PlanStatus {
  const lv = row.lv ?? '0';
  const rv = row.rv ?? '0';
  let nextClose: PlanStatus['nextClose'] = null;
  if (settings && needsSettings(row)) {
    const rate = percentToPpm(settings.matchingPercent);
    const day = matchDay(bvToUnits(lv), bvToUnits(rv), rate, BigInt(row.daily_cap!));
    nextClose = {
      matched: unitsToBv(day.matched),
      bonus: fromBaseUnits(day.paid),
      flushed: fromBaseUnits(day.flushed),
    };
  }
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
    // The close being reviewed before it pays: members see the day as being reviewed, not as paid.
    closeInReview: waiting ? { date: waiting.date, payAfter: waiting.payAfter?.toISOString() ?? null } : null,
  };
}
