import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { ROLLUP_BATCH, rollUpBatch } from '../network/rollup';

/** The purchase whose BV leaves the network. */
export interface VolumeOut {
  refundId: number;
  purchaseId: number;
  buyerId: number;
  bv: string;
  createdAt: Date;
}

/**
 * Takes a refunded purchase's BV out of the network (docs/plan.md,
 * "Cancellations and refunds"), inside the refund's transaction, which holds
 * the close lock and the roll-up lock:
 *
 * - an unplaced buyer's BV simply leaves `pending_volume`;
 * - otherwise every pending event is rolled up first, and each placement
 *   ancestor's closes that counted the BV are recomputed in order with the
 *   close's own rule (`plan_match_day`, on the record's legs, rate and cap)
 *   and the legs less what the BV left in them: `d_left`/`d_right`, what the
 *   recomputation left in each leg's carry less the original (the stronger
 *   leg's carry may grow, so `d` may be negative). A close where the
 *   ancestor has no record did not touch its legs, so `d` carries on.
 *   Each recomputed record is kept (`matching_recomputed`): a later refund
 *   starts from it. At the end the legs lose `d` and the lifetime leg the BV.
 *
 * Answers each ancestor's matching paid minus what the recomputation pays.
 */
export async function takeOutVolume(tx: Sql, out: VolumeOut): Promise<Map<number, bigint>> {
  const differences = new Map<number, bigint>();
  if (Number(out.bv) === 0) return differences;
  const placed = await tx.query(sql`SELECT 1 FROM network_nodes WHERE member_id = ${out.buyerId}`);
  if (placed.rows.length === 0) {
    await tx.query(
      sql`UPDATE members SET pending_volume = pending_volume - ${out.bv}::numeric WHERE user_id = ${out.buyerId}`,
    );
    return differences;
  }
  for (;;) {
    const applied = await rollUpBatch(tx, ROLLUP_BATCH, true);
    if (applied === 'busy') throw new Error('roll-up busy under its own lock');
    if (applied < ROLLUP_BATCH) break;
  }
  // The purchase's own event, or (BV bought before placement) the placement's release of it.
  const event = (
    await tx.query<{ rolled_batch: string | null; rolled_up_at: Date }>(
      sql`SELECT e.rolled_batch::text AS rolled_batch, e.rolled_up_at FROM network_events e
           WHERE e.member_id = ${out.buyerId} AND e.kind = 'volume'
             AND (e.purchase_id = ${out.purchaseId} OR (e.purchase_id IS NULL AND e.created_at >= ${out.createdAt}))
           ORDER BY e.purchase_id IS NULL, e.id LIMIT 1`,
    )
  ).rows[0];
  if (!event) throw new Error(`purchase ${out.purchaseId}: its BV has no network event`);

  await tx.query(
    sql`CREATE TEMPORARY TABLE refund_legs ON COMMIT DROP AS
        WITH RECURSIVE up (member_id, side) AS (
          SELECT parent_id, side FROM network_nodes WHERE member_id = ${out.buyerId} AND parent_id IS NOT NULL
          UNION ALL
          SELECT n.parent_id, n.side FROM up JOIN network_nodes n ON n.member_id = up.member_id WHERE n.parent_id IS NOT NULL
        )
        SELECT member_id, side,
               CASE side WHEN 'left' THEN ${out.bv}::numeric ELSE 0 END AS d_left,
               CASE side WHEN 'right' THEN ${out.bv}::numeric ELSE 0 END AS d_right,
               0::numeric AS difference
          FROM up`,
  );
  await tx.query(sql`ALTER TABLE pg_temp.refund_legs ADD PRIMARY KEY (member_id)`);
  // The closes that counted the BV: those that read its roll-up batch (closes before migration 0052 by time).
  const closes = await tx.query<{ day: string }>(
    sql`SELECT to_char(c.close_date, 'YYYY-MM-DD') AS day FROM matching_closes c
         WHERE CASE WHEN c.rolled_batch IS NULL THEN ${event.rolled_batch}::bigint IS NULL AND c.closed_at >= ${event.rolled_up_at}
                    ELSE COALESCE(${event.rolled_batch}::bigint, 0) <= c.rolled_batch END
         ORDER BY c.close_date`,
  );
  for (const { day } of closes.rows) await recomputeClose(tx, out.refundId, day);

  await tx.query(
    sql`UPDATE network_nodes n
           SET left_volume = n.left_volume - l.d_left, right_volume = n.right_volume - l.d_right,
               left_lifetime_volume = n.left_lifetime_volume - CASE l.side WHEN 'left' THEN ${out.bv}::numeric ELSE 0 END,
               right_lifetime_volume = n.right_lifetime_volume - CASE l.side WHEN 'right' THEN ${out.bv}::numeric ELSE 0 END
          FROM pg_temp.refund_legs l WHERE n.member_id = l.member_id`,
  );
  const { rows } = await tx.query<{ member_id: number; difference: string }>(
    sql`SELECT member_id, difference::text AS difference FROM pg_temp.refund_legs WHERE difference <> 0 ORDER BY member_id`,
  );
  await tx.query(sql`DROP TABLE pg_temp.refund_legs`);
  for (const row of rows) differences.set(Number(row.member_id), BigInt(row.difference));
  return differences;
}

/**
 * One close again for the ancestors it recorded: each record as it stands
 * (the latest recomputation, else the close's own) less `d`, matched by
 * `plan_match_day` at the record's rate (a percentage: × 10,000 is ppm) and
 * cap; the new `d` is the record's carry less the recomputed one.
 */
async function recomputeClose(tx: Sql, refundId: number, day: string): Promise<void> {
  await tx.query(
    sql`CREATE TEMPORARY TABLE refund_close ON COMMIT DROP AS
        SELECT l.member_id, r.paid AS paid_before, r.carry_left AS carry_left_before, r.carry_right AS carry_right_before,
               r.left_volume - l.d_left AS left_volume, r.right_volume - l.d_right AS right_volume,
               m.matched, m.paid, m.carry_left, m.carry_right
          FROM pg_temp.refund_legs l
          JOIN matching_bonuses b ON b.close_date = ${day}::date AND b.member_id = l.member_id
          LEFT JOIN LATERAL (SELECT x.left_volume, x.right_volume, x.paid, x.carry_left, x.carry_right FROM matching_recomputed x
                              WHERE x.close_date = b.close_date AND x.member_id = b.member_id ORDER BY x.refund_id DESC LIMIT 1) x ON true
         CROSS JOIN LATERAL (SELECT COALESCE(x.left_volume, b.left_volume) AS left_volume, COALESCE(x.right_volume, b.right_volume) AS right_volume,
                                    COALESCE(x.paid, b.paid) AS paid, COALESCE(x.carry_left, b.carry_left) AS carry_left,
                                    COALESCE(x.carry_right, b.carry_right) AS carry_right) r
         CROSS JOIN LATERAL plan_match_day(r.left_volume - l.d_left, r.right_volume - l.d_right, b.rate::numeric * 10000, b.daily_cap) m`,
  );
  await tx.query(
    sql`INSERT INTO matching_recomputed (refund_id, close_date, member_id, left_volume, right_volume, matched, paid, carry_left, carry_right)
        SELECT ${refundId}, ${day}::date, member_id, left_volume, right_volume, matched, paid, carry_left, carry_right
          FROM pg_temp.refund_close ORDER BY member_id`,
  );
  await tx.query(
    sql`UPDATE pg_temp.refund_legs l
           SET d_left = c.carry_left_before - c.carry_left, d_right = c.carry_right_before - c.carry_right,
               difference = l.difference + c.paid_before - c.paid
          FROM pg_temp.refund_close c WHERE l.member_id = c.member_id`,
  );
  await tx.query(sql`DROP TABLE pg_temp.refund_close`);
}
