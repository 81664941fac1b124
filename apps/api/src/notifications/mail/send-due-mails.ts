import { optionalMailKinds, type NotificationKind } from '@portal/contract';
import type { AppContext } from '../../context';
import { sql } from '../../platform/db/sql';
import type { Job } from '../../shared/job-runner';
import type { NotificationData } from '../describe';
import { composeNotificationMail } from './compose-mail';
import { CLAIM_BATCH, CLAIM_LEASE_MS, newClaim, type ClaimedRow, sendAndRecord } from './record-outcome';

interface ClaimedMail extends ClaimedRow {
  notification_id: string;
  kind: NotificationKind;
  data: NotificationData;
  created_at: Date;
  user_id: string;
  email: string;
  full_name: string;
  muted_kinds: string[] | null;
  digest: boolean | null;
}

/**
 * Claims up to CLAIM_BATCH mails due at `now` under `claim`, in one statement (atomic without a transaction around
 * it), with what each needs: the notification, its member and their choice as it is now.
 */
async function claimDueMails(ctx: AppContext, now: Date, claim: string): Promise<ClaimedMail[]> {
  const leaseEnd = new Date(now.getTime() + CLAIM_LEASE_MS);
  const { rows } = await ctx.db.query<ClaimedMail>(
    sql`WITH taken AS (
          UPDATE notification_mails SET claim = ${claim}, next_attempt_at = ${leaseEnd}
           WHERE notification_id IN (SELECT notification_id FROM notification_mails
                                      WHERE status IN ('pending', 'failed') AND next_attempt_at <= ${now}
                                      ORDER BY next_attempt_at, notification_id LIMIT ${CLAIM_BATCH}
                                      FOR UPDATE SKIP LOCKED)
          RETURNING notification_id, attempts, give_up_at)
        SELECT t.notification_id::text, t.attempts, t.give_up_at, n.kind, n.data, n.created_at,
               u.id::text AS user_id, u.email, u.full_name, s.muted_kinds, s.digest
          FROM taken t JOIN notifications n ON n.id = t.notification_id JOIN users u ON u.id = n.user_id
          LEFT JOIN notification_mail_settings s ON s.user_id = n.user_id
         ORDER BY t.notification_id`,
  );
  return rows;
}

/** Still wanted at once: not turned off, and no digest since (security kinds always). */
function stillWanted(mail: ClaimedMail): boolean {
  if (!optionalMailKinds.some((kind) => kind === mail.kind)) return true;
  return !mail.digest && !(mail.muted_kinds ?? []).includes(mail.kind);
}

/**
 * One pass of the mail job: claims the mails due, sends them (through SMTP_URL side by side, or into the outbox in
 * one statement) and records every outcome in one statement. No mail is sent while a row lock is held. Answers true
 * when a full batch was claimed (more may be due).
 */
export async function sendDueMails(ctx: AppContext): Promise<boolean> {
  const claim = newClaim();
  const due = await claimDueMails(ctx, ctx.now(), claim);
  await sendAndRecord(
    ctx,
    'notification_mails',
    claim,
    due.map((mail) => ({
      key: [mail.notification_id],
      row: mail,
      mail: stillWanted(mail)
        ? composeNotificationMail(
            ctx,
            { userId: Number(mail.user_id), email: mail.email, fullName: mail.full_name },
            mail,
          )
        : undefined,
      about: { kind: mail.kind },
    })),
  );
  return due.length === CLAIM_BATCH;
}

/** The mail job (apps/api/src/platform/jobs.ts): every few seconds; once across processes by its claims. */
export function notificationMailsJob(ctx: AppContext): Job {
  return { name: 'notification mails', everyMs: 5_000, pass: () => sendDueMails(ctx) };
}
