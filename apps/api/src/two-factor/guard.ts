import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit } from '../audit/write-audit';
import { AppError, tooManyRequests, unauthorized, unprocessable } from '../shared/errors';
import { findUserById } from '../users/queries';
import { CODE_MESSAGES, consumeCode, isCodeShaped, type CodeCheck } from './codes';

/**
 * "Check a second factor for account X", the one way every caller does it
 * (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md): the
 * sign-in's second step, a withdrawal request, turning two-factor off, a
 * large approval. A 6-digit code has a million values and the ±1 step
 * window accepts three of them, so an unthrottled check falls to about
 * 333,000 guesses.
 *
 * Each attempt is counted for the account BEFORE its code is checked (a
 * reservation committed on its own, in `second_factor_guard`), so many
 * guesses sent at once cannot all be checked before any is counted. A right
 * code, or a request that never got to check its code, takes its reservation
 * back; a wrong one keeps it. `maxFailures` failures within `windowMs` lock
 * the account's second factor for `lockMs` (429 SECOND_FACTOR_LOCKED with
 * Retry-After; the right code is refused too): at most `maxFailures` guesses
 * per lock period, about 20 an hour. The member is told by mail when a lock
 * starts, at most once per `mailEveryMs`.
 *
 * Only someone with the password (sign-in's second step) or a session (every
 * other caller) reaches these checks, so a stranger cannot lock a member out:
 * wrong passwords never count here, and the password step keeps its own
 * rules (auth/throttle.ts).
 */
export const SECOND_FACTOR_GUARD = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  mailEveryMs: 60 * 60_000,
};

export interface GuardOptions {
  /** 401 at sign-in (the login contract), 422 with `field` elsewhere. */
  status: 401 | 422;
  field?: string;
  /** What the code signs off, for the mail: "signing in", "a withdrawal", … */
  purpose: string;
}

/** Checks the code inside the caller's transaction (consuming it); throws TOTP_INVALID/TOTP_REUSED; answers 'not_enabled' for an account without two-factor. */
export type SecondFactorCheck = (tx: Sql) => Promise<'ok' | 'not_enabled'>;

interface GuardRow {
  failures: number;
  window_start: Date | null;
  locked_until: Date | null;
}

function waitText(seconds: number): string {
  return seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
}

function locked(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return tooManyRequests(
    'SECOND_FACTOR_LOCKED',
    `Too many wrong two-factor codes for this account. Two-factor codes are refused for ${waitText(seconds)}; try again after that.`,
    seconds,
  );
}

/** Counts one attempt for the account before its code is checked, or refuses (429) while the account is locked. */
async function reserve(ctx: AppContext, userId: number): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.query(sql`INSERT INTO second_factor_guard (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`);
    const { rows } = await tx.query<GuardRow>(
      sql`SELECT failures, window_start, locked_until FROM second_factor_guard WHERE user_id = ${userId} FOR UPDATE`,
    );
    const row = rows[0]!;
    const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : 0;
    if (lockedUntil > now.getTime()) throw locked(lockedUntil - now.getTime());
    const fresh =
      !row.window_start || new Date(row.window_start).getTime() + SECOND_FACTOR_GUARD.windowMs <= now.getTime();
    const failures = fresh ? 0 : row.failures;
    // Attempts still being checked fill the budget too: none beyond it is let through.
    if (failures >= SECOND_FACTOR_GUARD.maxFailures) throw locked(SECOND_FACTOR_GUARD.lockMs);
    await tx.query(
      sql`UPDATE second_factor_guard SET failures = ${failures + 1}, window_start = ${fresh ? now : row.window_start}, locked_until = NULL WHERE user_id = ${userId}`,
    );
  });
}

/** The reservation taken back: the code was right, or never checked. A right code forgets the failures before it. */
async function release(ctx: AppContext, userId: number, codeWasRight: boolean): Promise<void> {
  await ctx.db.query(
    codeWasRight
      ? sql`UPDATE second_factor_guard SET failures = 0, window_start = NULL WHERE user_id = ${userId}`
      : sql`UPDATE second_factor_guard SET failures = greatest(failures - 1, 0) WHERE user_id = ${userId}`,
  );
}

/** A wrong code keeps its reservation; the failure that fills the budget starts the lock (audited, mailed). */
async function confirmFailure(
  ctx: AppContext,
  userId: number,
  options: GuardOptions,
  ip: string | null,
): Promise<void> {
  const now = ctx.now();
  const mailBefore = new Date(now.getTime() - SECOND_FACTOR_GUARD.mailEveryMs);
  const started = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ notify: boolean }>(
      sql`UPDATE second_factor_guard
             SET locked_until = ${new Date(now.getTime() + SECOND_FACTOR_GUARD.lockMs)}, failures = 0, window_start = NULL,
                 notified_at = CASE WHEN notified_at IS NULL OR notified_at <= ${mailBefore} THEN ${now}::timestamptz ELSE notified_at END
           WHERE user_id = ${userId} AND failures >= ${SECOND_FACTOR_GUARD.maxFailures}
       RETURNING notified_at = ${now}::timestamptz AS notify`,
    );
    if (rows.length === 0) return undefined;
    await writeAudit(tx, {
      actor: { userId: null, ip },
      action: 'auth.second_factor.locked',
      targetType: 'user',
      targetId: userId,
      details: {
        purpose: options.purpose,
        failures: SECOND_FACTOR_GUARD.maxFailures,
        lockMinutes: SECOND_FACTOR_GUARD.lockMs / 60_000,
      },
    });
    return { notify: Boolean(rows[0]!.notify) };
  });
  if (started?.notify) await mailLock(ctx, userId, options.purpose);
}

async function mailLock(ctx: AppContext, userId: number, purpose: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user?.email) return;
  const minutes = SECOND_FACTOR_GUARD.lockMs / 60_000;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Several wrong two-factor codes on your account',
    text: [
      `Hello ${user.full_name ?? user.username},`,
      '',
      `Someone entered ${SECOND_FACTOR_GUARD.maxFailures} wrong two-factor codes on your account (while ${purpose}).`,
      `Two-factor codes are refused for ${minutes} minutes.`,
      '',
      'If this was you, wait and try again with the current code from your authenticator app.',
      'If it was not you, someone may know your password or use your session: change your password now',
      '(Account settings → Security), which signs out every other session, and contact support.',
    ].join('\n'),
  });
}

const refusalOf = (check: Exclude<CodeCheck, 'ok' | 'not_enabled'> | 'malformed', options: GuardOptions): AppError => {
  const code = check === 'reused' ? 'TOTP_REUSED' : 'TOTP_INVALID';
  return options.status === 401
    ? unauthorized(code, CODE_MESSAGES[check])
    : unprocessable(code, CODE_MESSAGES[check], options.field);
};

/** Refuses a code sent that is not shaped like one (`isCodeShaped`), in the caller's status; no code sent passes. */
export function assertCodeShaped(code: string | undefined, options: GuardOptions): void {
  if (code !== undefined && !isCodeShaped(code)) throw refusalOf('malformed', options);
}

/** The answer to a missing code, in the caller's status. */
export function codeRequired(options: GuardOptions, message: string): AppError {
  return options.status === 401
    ? unauthorized('TOTP_REQUIRED', message)
    : unprocessable('TOTP_REQUIRED', message, options.field);
}

/**
 * Runs `work` with a second-factor check for `userId`'s `code`. `work` calls
 * `check(tx)` inside its own transaction when the code is needed (the code
 * is consumed with whatever else that transaction commits, so a repeated
 * Idempotency-Key answer never checks it again). Without a code, `check`
 * throws TOTP_REQUIRED (`requiredMessage`) and nothing is counted; a code
 * that is not shaped like one (`isCodeShaped`) is refused TOTP_INVALID at once.
 */
export async function withSecondFactor<T>(
  ctx: AppContext,
  userId: number,
  code: string | undefined,
  options: GuardOptions & { requiredMessage: string; ip?: string | null },
  work: (check: SecondFactorCheck) => Promise<T>,
): Promise<T> {
  // A code sent is checked for shape even where none is needed; a malformed one is no guess, so it is not counted.
  assertCodeShaped(code, options);
  if (code !== undefined) await reserve(ctx, userId);
  const state: { outcome: 'unchecked' | 'ok' | 'failed' } = { outcome: 'unchecked' };
  const check: SecondFactorCheck = async (tx) => {
    if (code === undefined) throw codeRequired(options, options.requiredMessage);
    const result = await consumeCode(ctx, tx, userId, code);
    if (result === 'ok' || result === 'not_enabled') {
      state.outcome = result === 'ok' ? 'ok' : 'unchecked';
      return result;
    }
    state.outcome = 'failed';
    throw refusalOf(result, options);
  };
  try {
    const answer = await work(check);
    if (code !== undefined) await release(ctx, userId, state.outcome === 'ok');
    return answer;
  } catch (error) {
    if (code !== undefined) {
      if (state.outcome === 'failed') await confirmFailure(ctx, userId, options, options.ip ?? null);
      // A right code whose transaction failed later was not consumed: it is no failure either.
      else await release(ctx, userId, false);
    }
    throw error;
  }
}
