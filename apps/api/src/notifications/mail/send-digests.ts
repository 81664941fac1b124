import type { AppContext } from '../../context';
import { sql, type SqlQuery } from '../../platform/db/sql';
import type { Job } from '../../shared/job-runner';
import { utcDayOf } from '../../shared/utc-day';
import { composeDigestMail, type MailedNotification } from './compose-mail';
import { CLAIM_BATCH, CLAIM_LEASE_MS, newClaim, type ClaimedRow, sendAndRecord } from './record-outcome';

const DAY_MS = 86_400_000;
/** A day's digest waits this long after its midnight: a transaction begun before it may still be committing. */
export const DIGEST_GRACE_MS = 10 * 60_000;
/** The days looked at, back from yesterday: a portal stopped over a midnight still sends the missed one. */
const DAYS_BACK = 2;
/** Listed at most in one digest. */
const DIGEST_MOST = 200;

/**
 * The notifications `n` a digest lists for the member of settings `s` in [start, end): a kind still on, not a
 * security kind (mailed at once), and not mailed on its own (no mail, or one skipped when the digest was chosen).
 */
const digestItems = (start: Date, end: Date): SqlQuery =>
  sql`n.user_id = s.user_id AND n.created_at >= ${start} AND n.created_at < ${end}
      AND NOT n.kind = ANY (s.muted_kinds) AND NOT n.kind = ANY (notification_security_kinds())
      AND NOT EXISTS (SELECT 1 FROM notification_mails m WHERE m.notification_id = n.id AND m.status <> 'skipped')`;

/** One row per member who takes the digest and had something on each finished day; the key makes it once. */
async function queueDigests(ctx: AppContext, now: Date): Promise<void> {
  for (let back = DAYS_BACK; back >= 1; back -= 1) {
    const { start, end } = utcDayOf(new Date(now.getTime() - back * DAY_MS));
    if (now.getTime() < end.getTime() + DIGEST_GRACE_MS) continue;
    await ctx.db.query(
      sql`INSERT INTO notification_digests (user_id, day, give_up_at, created_at)
          SELECT s.user_id, ${start.toISOString().slice(0, 10)}::date, ${new Date(end.getTime() + 3 * DAY_MS)}, ${now}
            FROM notification_mail_settings s
           WHERE s.digest AND EXISTS (SELECT 1 FROM notifications n WHERE ${digestItems(start, end)})
          ON CONFLICT (user_id, day) DO NOTHING`,
    );
  }
}

interface ClaimedDigest extends ClaimedRow {
  user_id: string;
  day: string;
  email: string;
  full_name: string;
}

async function claimDueDigests(ctx: AppContext, now: Date, claim: string): Promise<ClaimedDigest[]> {
  const leaseEnd = new Date(now.getTime() + CLAIM_LEASE_MS);
  const { rows } = await ctx.db.query<ClaimedDigest>(
    sql`WITH taken AS (
          UPDATE notification_digests SET claim = ${claim}, next_attempt_at = ${leaseEnd}
           WHERE (user_id, day) IN (SELECT user_id, day FROM notification_digests
                                     WHERE status IN ('pending', 'failed') AND next_attempt_at <= ${now}
                                     ORDER BY next_attempt_at, user_id, day LIMIT ${CLAIM_BATCH}
                                     FOR UPDATE SKIP LOCKED)
          RETURNING user_id, day, attempts, give_up_at)
        SELECT t.user_id::text, to_char(t.day, 'YYYY-MM-DD') AS day, t.attempts, t.give_up_at, u.email, u.full_name
          FROM taken t JOIN users u ON u.id = t.user_id ORDER BY t.user_id, t.day`,
  );
  return rows;
}

/** A digest's mail, or undefined when every kind of its day was turned off since (nothing to tell). */
async function composeDigest(ctx: AppContext, digest: ClaimedDigest) {
  const start = new Date(`${digest.day}T00:00:00Z`);
  const { rows } = await ctx.db.query<MailedNotification>(
    sql`SELECT n.kind, n.data, n.created_at FROM notifications n JOIN notification_mail_settings s ON s.user_id = n.user_id
         WHERE n.user_id = ${digest.user_id}::bigint AND ${digestItems(start, new Date(start.getTime() + DAY_MS))}
         ORDER BY n.id LIMIT ${DIGEST_MOST}`,
  );
  if (rows.length === 0) return undefined;
  const recipient = { userId: Number(digest.user_id), email: digest.email, fullName: digest.full_name };
  return composeDigestMail(ctx, recipient, digest.day, rows);
}

/**
 * One pass of the digest job: the finished days' digests queued (one per member and day, whichever process
 * gets there first), then those due claimed, sent and recorded, like the mails of send-due-mails.ts.
 */
export async function sendDigests(ctx: AppContext): Promise<boolean> {
  const now = ctx.now();
  await queueDigests(ctx, now);
  const claim = newClaim();
  const due = await claimDueDigests(ctx, now, claim);
  const mails = await Promise.all(due.map((digest) => composeDigest(ctx, digest)));
  await sendAndRecord(
    ctx,
    'notification_digests',
    claim,
    due.map((digest, i) => ({ key: [digest.user_id, digest.day], row: digest, mail: mails[i], about: {} })),
  );
  return due.length === CLAIM_BATCH;
}

/** The digest job (apps/api/src/platform/jobs.ts): every minute; once per member and day across processes. */
export function notificationDigestsJob(ctx: AppContext): Job {
  return { name: 'notification digests', everyMs: 60_000, pass: () => sendDigests(ctx) };
}
