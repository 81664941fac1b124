import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/**
 * The BV a member bought while unplaced (purchases keep it in
 * `members.pending_volume`) becomes a volume event for the roll-up when the
 * member is placed, inside the placement's transaction: the network owns its
 * events, so the placement needs nothing of purchases.
 */
export async function releasePendingVolume(tx: Sql, memberId: number): Promise<void> {
  const { rows } = await tx.query<{ pending: string }>(
    sql`SELECT pending_volume::text AS pending FROM members WHERE user_id = ${memberId} AND pending_volume > 0 FOR UPDATE`,
  );
  if (rows.length === 0) return;
  await tx.query(sql`UPDATE members SET pending_volume = 0 WHERE user_id = ${memberId}`);
  await tx.query(
    sql`INSERT INTO network_events (member_id, kind, volume) VALUES (${memberId}, 'volume', ${rows[0]!.pending})`,
  );
}
