import { bearer, login, type Session, type TestPortal } from '../harness';

/** The subject of the mail a new admin gets (apps/api/src/admin-users/invite.ts). */
export const INVITATION_SUBJECT = 'You are invited to set your password';

/** The token of the newest set-password link mailed to `email` (`portal.mails`: each mail whole, as its recipient gets it). */
export function invitationToken(portal: TestPortal, email: string): string {
  const mail = portal.mails.filter((m) => m.to === email && m.subject === INVITATION_SUBJECT).at(-1);
  if (!mail) throw new Error(`no invitation was mailed to ${email}`);
  const link = /\/password-reset\?invite=1&token=(\S+)/.exec(mail.text);
  if (!link) throw new Error(`the invitation to ${email} has no set-password link: ${mail.text}`);
  return decodeURIComponent(link[1]!);
}

/** The invited admin sets their password by the mailed link, as they would (the reset endpoint the link's page calls). */
export async function acceptInvitation(portal: TestPortal, email: string, password: string): Promise<void> {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: invitationToken(portal, email), password },
  });
  if (res.statusCode !== 204) throw new Error(`setting the password of ${email} failed: ${res.statusCode} ${res.body}`);
}

/**
 * A new admin, created by `admin` (a portal in set-up: at once, 201), who set
 * their own password by the mailed link and signed in: admins never choose
 * another account's password.
 */
export async function invitedAdmin(
  portal: TestPortal,
  admin: Session,
  username: string,
  password = 'Invited-Admin-Pass-1',
): Promise<Session & { password: string; email: string }> {
  const email = `${username}@example.com`;
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: bearer(admin),
    payload: { username, email, fullName: `Admin ${username}` },
  });
  if (res.statusCode !== 201) throw new Error(`creating the admin ${username} failed: ${res.statusCode} ${res.body}`);
  await acceptInvitation(portal, email, password);
  return { ...(await login(portal.app, username, password)), password, email };
}
