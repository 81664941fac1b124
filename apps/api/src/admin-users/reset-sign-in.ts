import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { newResetLink } from '../auth/password-reset';
import { revokeUserSessions } from '../auth/sessions';
import { sql } from '../platform/db/sql';
import { notFound, unprocessable } from '../shared/errors';

/**
 * An admin resets an account's sign-in: every session of the account ends
 * and its owner gets a password-reset link by mail (the forgot-password link
 * of auth/password-reset.ts). The admin never sets nor sees a password, so
 * no admin can take over an account this way. Audited.
 */
export async function resetSignIn(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const mail = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      username: string;
      email: string;
      full_name: string;
      status: string;
      password_hash: string | null;
    }>(sql`SELECT username, email, full_name, status, password_hash FROM users WHERE id = ${id} FOR UPDATE`);
    const user = rows[0];
    if (!user) throw notFound('USER_NOT_FOUND', `There is no account with id ${id}.`);
    if (id === actor.userId)
      throw unprocessable('CANNOT_CHANGE_SELF', 'Change your own password in Account settings.', 'id');
    // The company root is seeded without a password: it never signs in.
    if (user.password_hash === null)
      throw unprocessable('ROOT_ACCOUNT', "The company's root account does not sign in and has no password.", 'id');
    if (user.status !== 'active')
      throw unprocessable('USER_BLOCKED', 'This account is blocked. Unblock it first, then reset its sign-in.', 'id');

    const link = await newResetLink(ctx, tx, id, ctx.now());
    await revokeUserSessions(tx, id);
    await writeAudit(tx, {
      actor,
      action: 'user.sign_in_reset',
      targetType: 'user',
      targetId: id,
      details: { username: user.username },
    });
    return {
      to: user.email,
      subject: 'Your sign-in was reset',
      text: [
        `Hello ${user.full_name},`,
        '',
        'An administrator of the portal reset your sign-in: every device signed in to your account has been signed out.',
        'To choose a new password, open this link within one hour:',
        link,
        '',
        'If the link has expired, ask for a new one with "Forgot password" on the sign-in page.',
      ].join('\n'),
    };
  });
  // After the commit: the link in the mail works only once its token is stored.
  await ctx.mailer.send(mail);
}
