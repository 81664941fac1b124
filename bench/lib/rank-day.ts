import type { Database } from '../../apps/api/src/platform/db/database';
import { sql } from '../../apps/api/src/platform/db/sql';

/**
 * A day's BV as the roll-up leaves it for ranks (network/rollup.ts): `buyers`
 * members spread evenly over the network, every placement ancestor of each
 * grown by 100 lifetime BV on the leg the buyer is under and queued in
 * rank_changes. Test data set in SQL, not money. Returns the members queued.
 */
export async function queueDayOfBuyers(db: Database, members: number, buyers: number): Promise<number> {
  const queued = await db.query(
    sql`WITH RECURSIVE up (member_id, parent_id, side) AS (
          SELECT member_id, parent_id, side FROM network_nodes WHERE member_id % ${Math.max(1, Math.floor(members / buyers))} = 0
          UNION SELECT p.member_id, p.parent_id, p.side FROM up JOIN network_nodes p ON p.member_id = up.parent_id),
        grown AS (
          UPDATE network_nodes n SET left_lifetime_volume = n.left_lifetime_volume + CASE WHEN c.side = 'left' THEN 100 ELSE 0 END,
                 right_lifetime_volume = n.right_lifetime_volume + CASE WHEN c.side = 'right' THEN 100 ELSE 0 END
            FROM (SELECT DISTINCT parent_id, side FROM up WHERE parent_id IS NOT NULL) c WHERE n.member_id = c.parent_id
          RETURNING n.member_id)
        INSERT INTO rank_changes (member_id) SELECT DISTINCT member_id FROM grown ON CONFLICT DO NOTHING`,
  );
  return queued.rowCount ?? 0;
}
