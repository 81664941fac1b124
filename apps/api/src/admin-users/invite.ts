import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import type { Mail } from '../platform/mail/mailer';
import { INVITATION_TTL_MS, newResetLink } from '../auth/password-reset';

/**
 * A new admin's invitation: a link to set their own password (the reset
 * link of auth/password-reset.ts, good 72 hours), its token stored in the
 * caller's transaction beside the account. The caller sends the mail once
 * that transaction committed: the link works only once its token is stored.
 * The admin who made the account never sets nor sees the password
 * (docs/decisions/0056-admins-invite-new-admins.md).
 */
export async function invitation(
  ctx: AppContext,
  tx: Sql,
  admin: { id: number; username: string; email: string; fullName: string },
  now: Date,
): Promise<Mail> {
  const link = await newResetLink(ctx, tx, admin.id, now, { ttlMs: INVITATION_TTL_MS, invite: true });
  return {
    to: admin.email,
    subject: 'You are invited to set your password',
    text: [
      `Hello ${admin.fullName},`,
      '',
      `You are invited to be an administrator of the portal, with the username ${admin.username}.`,
      'Your account has no password yet: to set one, open this link within 72 hours:',
      link,
      '',
      'You can sign in once your password is set. If the link has expired, ask for a new one with "Forgot password" on the sign-in page.',
    ].join('\n'),
  };
}
