import { optionalMailKinds, type MailPreferences } from '@portal/contract';
import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';

/** The account's mail preferences (no row: every kind, one mail each), the kinds off in the contract's order. */
export async function readMailPreferences(db: Sql, userId: number): Promise<MailPreferences> {
  const { rows } = await db.query<{ muted_kinds: string[]; digest: boolean }>(
    sql`SELECT muted_kinds, digest FROM notification_mail_settings WHERE user_id = ${userId}`,
  );
  const muted = new Set(rows[0]?.muted_kinds ?? []);
  return { off: optionalMailKinds.filter((kind) => muted.has(kind)), digest: rows[0]?.digest ?? false };
}
