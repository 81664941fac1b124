import type { AppContext } from '../context';
import { writeAudit } from '../audit/write-audit';
import { revokeSession } from '../auth/sessions';
import { unprocessable } from '../shared/errors';
import type { Principal } from '../shared/principal';

/**
 * Ends a support view (admin-users/start-support-view.ts) before its token runs out: the one
 * write the guard lets a view make. Audited under the viewing admin.
 */
export async function endSupportView(ctx: AppContext, principal: Principal, ip: string | null): Promise<void> {
  const admin = principal.viewedBy;
  if (admin === undefined)
    throw unprocessable('NOT_A_SUPPORT_VIEW', 'This is a sign-in of your own, not a support view: sign out instead.');
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, principal.sessionId);
    await writeAudit(tx, {
      actor: { userId: admin, ip },
      action: 'member.view_as_end',
      targetType: 'user',
      targetId: principal.userId,
      details: { session: principal.sessionId },
    });
  });
}
