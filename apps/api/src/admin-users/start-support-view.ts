import { SUPPORT_VIEW_MINUTES, type SupportView } from '@portal/contract';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { createSession } from '../auth/sessions';
import { signAccessToken } from '../auth/tokens';
import { isTwoFactorEnabled } from '../two-factor/codes';
import { findUserById, toUser } from '../users/queries';
import { recordSecurityEvent } from '../users/security-events';
import { forbidden, notFound, unprocessable } from '../shared/errors';

/**
 * Support sees what a member sees (docs/decisions/0069-support-views-read-only.md): a session
 * of the member's account that carries the admin's id, and one access token for
 * SUPPORT_VIEW_MINUTES, never renewed, whose writes the guard refuses
 * (platform/http/guard.ts). Audited, and a line of the member's security log, in
 * the same transaction as the session: no view goes unrecorded.
 */
export async function startSupportView(
  ctx: AppContext,
  actor: Actor,
  id: number,
  client: { ip: string; userAgent?: string },
): Promise<SupportView> {
  // Always two-factor, whatever `adminsRequireTwoFactor` says: a view shows a member's private pages.
  if (!(await isTwoFactorEnabled(ctx.db, actor.userId)))
    throw forbidden(
      'TWO_FACTOR_REQUIRED',
      "Viewing a member's account takes two-factor sign-in. Turn it on under Account settings → Security, then try again.",
    );
  return ctx.db.transaction(async (tx) => {
    const member = await findUserById(tx, id);
    if (!member) throw notFound('USER_NOT_FOUND', `There is no account with id ${id}.`);
    // Your own account included: an admin's pages are not a member's to show.
    if (member.role === 'admin')
      throw unprocessable('CANNOT_VIEW_ADMIN', "An admin's account cannot be viewed as support.", 'id');
    if (member.status !== 'active')
      throw unprocessable('USER_BLOCKED', 'This account is blocked: it has no pages to view.', 'id');
    if (!member.is_member) throw unprocessable('NOT_A_MEMBER', 'This account has no network membership.', 'id');
    const admin = await findUserById(tx, actor.userId);

    const sessionId = await createSession(tx, id, client, actor.userId);
    await recordSecurityEvent(tx, id, 'viewed_by_support', sessionId);
    await writeAudit(tx, {
      actor,
      action: 'member.view_as',
      targetType: 'user',
      targetId: id,
      details: { username: member.username, session: sessionId, minutes: SUPPORT_VIEW_MINUTES },
    });
    const seconds = SUPPORT_VIEW_MINUTES * 60;
    const accessToken = await signAccessToken(
      { userId: id, sessionId, role: member.role, viewedBy: actor.userId },
      ctx.config.jwtSecret,
      seconds,
    );
    return {
      accessToken,
      user: toUser(member),
      // The token's own clock (auth/tokens.ts signs with the system time).
      endsAt: new Date(Date.now() + seconds * 1000).toISOString(),
      viewedBy: admin?.username ?? 'admin',
    };
  });
}
