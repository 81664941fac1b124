import type { Unsubscribed } from '@portal/contract';
import type { AppContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { badRequest } from '../../shared/errors';
import { readUnsubscribeToken } from './unsubscribe-links';

/**
 * An unsubscribe link followed (no sign-in: the signed token is the proof): its kind is no longer mailed to its
 * account. Following it again changes nothing and answers the same.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<Unsubscribed> {
  const read = readUnsubscribeToken(ctx.config, token);
  const { rows } = read
    ? await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE id = ${read.userId}`)
    : { rows: [] };
  if (!read || !rows[0]) {
    throw badRequest(
      'UNSUBSCRIBE_LINK_INVALID',
      'This unsubscribe link is not complete or not valid. Open it from the mail again, or choose your mails in Account settings.',
      'token',
    );
  }
  await ctx.db.query(
    sql`INSERT INTO notification_mail_settings (user_id, muted_kinds, updated_at)
        VALUES (${read.userId}, ARRAY[${read.kind}::text], ${ctx.now()})
        ON CONFLICT (user_id) DO UPDATE
          SET muted_kinds = array_append(notification_mail_settings.muted_kinds, ${read.kind}::text),
              updated_at = EXCLUDED.updated_at
          WHERE NOT ${read.kind}::text = ANY (notification_mail_settings.muted_kinds)`,
  );
  return { kind: read.kind };
}
