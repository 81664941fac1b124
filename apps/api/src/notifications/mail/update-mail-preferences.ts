import type { MailPreferences } from '@portal/contract';
import type { AppContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { readMailPreferences } from './read-mail-preferences';

/**
 * Sets which kinds come by mail and whether as a daily digest. The mails already queued follow the new choice: the
 * mail job skips them (send-due-mails.ts), and the day's digest lists the skipped ones of kinds still on.
 */
export async function updateMailPreferences(
  ctx: AppContext,
  userId: number,
  preferences: MailPreferences,
): Promise<MailPreferences> {
  await ctx.db.query(
    sql`INSERT INTO notification_mail_settings (user_id, muted_kinds, digest, updated_at)
        VALUES (${userId}, ${preferences.off}::text[], ${preferences.digest}, ${ctx.now()})
        ON CONFLICT (user_id) DO UPDATE
          SET muted_kinds = EXCLUDED.muted_kinds, digest = EXCLUDED.digest, updated_at = EXCLUDED.updated_at`,
  );
  return readMailPreferences(ctx.db, userId);
}
