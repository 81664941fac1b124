import type { MarkNotificationsRead } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';

/** Marks the account's own notifications read (those named, or all), and answers how many are left unread. */
export async function markNotificationsRead(
  ctx: AppContext,
  userId: number,
  { ids }: MarkNotificationsRead,
): Promise<{ unread: number }> {
  const { rows } = await ctx.db.query<{ unread: number }>(
    sql`WITH marked AS (
          UPDATE notifications SET read_at = now()
           WHERE user_id = ${userId} AND read_at IS NULL AND (${ids ?? null}::bigint[] IS NULL OR id = ANY(${ids ?? null}::bigint[]))
          RETURNING id
        )
        SELECT ((SELECT count(*) FROM notifications WHERE user_id = ${userId} AND read_at IS NULL)
                - (SELECT count(*) FROM marked))::int AS unread`,
  );
  return rows[0]!;
}
