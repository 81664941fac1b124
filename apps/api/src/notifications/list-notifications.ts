import { NOTIFICATIONS_SHOWN, type NotificationKind, type Notifications } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { describeNotification, type NotificationData } from './describe';

/** `/api/notifications`: the account's unread count and its latest notifications, in words. */
export async function listNotifications(ctx: AppContext, userId: number): Promise<Notifications> {
  const { rows } = await ctx.db.query<{
    id: number;
    kind: NotificationKind;
    data: NotificationData;
    created_at: Date;
    read_at: Date | null;
    unread: number;
  }>(
    sql`SELECT n.id, n.kind, n.data, n.created_at, n.read_at,
               (SELECT count(*)::int FROM notifications WHERE user_id = ${userId} AND read_at IS NULL) AS unread
          FROM notifications n WHERE n.user_id = ${userId} ORDER BY n.id DESC LIMIT ${NOTIFICATIONS_SHOWN}`,
  );
  return {
    unread: rows[0]?.unread ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      ...describeNotification(row.kind, row.data, ctx.chain),
      createdAt: new Date(row.created_at).toISOString(),
      readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    })),
  };
}
