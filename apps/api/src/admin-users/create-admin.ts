import type { AdminUser, CreateAdminBody, PendingChange } from '@portal/contract';
import type { AppContext } from '../context';
import type { Mail } from '../platform/mail/mailer';
import type { Actor } from '../audit/write-audit';
import { accountConflict, assertAccountFree } from '../users/uniqueness';
import { holdNewAdmin, insertAdmin } from './admin-powers';
import { invitation } from './invite';

/**
 * Creates an admin without a password and mails them a link to set their own
 * (invite.ts); once the portal is live, holds it for a second admin and the
 * delay, and the link is mailed when it takes effect (admin-powers.ts).
 */
export async function createAdmin(
  ctx: AppContext,
  actor: Actor,
  body: CreateAdminBody,
): Promise<{ user: AdminUser } | { held: PendingChange }> {
  const { db } = ctx;
  await assertAccountFree(db, { username: body.username, email: body.email });
  const held = await holdNewAdmin(ctx, actor, body);
  if (held) return { held };
  let created: { user: AdminUser; mail: Mail };
  try {
    created = await db.transaction(async (tx) => {
      const user = await insertAdmin(tx, actor, body);
      return { user, mail: await invitation(ctx, tx, user, ctx.now()) };
    });
  } catch (error) {
    throw accountConflict(error) ?? error;
  }
  // After the commit: the link in the mail works only once its token is stored.
  await ctx.mailer.send(created.mail);
  return { user: created.user };
}
