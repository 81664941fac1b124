import type { AdminUser, PendingChange, UpdateUserBody } from '@portal/contract';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { revokeUserSessions } from '../auth/sessions';
import { mailChange } from '../changes/mail';
import { sql } from '../platform/db/sql';
import { notFound, unprocessable } from '../shared/errors';
import { holdAdminGrant, setRole } from './admin-powers';
import { existingUser } from './existing-user';

/** Block or unblock, or change the role — each change audited, all in one transaction. */
export async function updateUser(ctx: AppContext, actor: Actor, id: number, body: UpdateUserBody): Promise<AdminUser> {
  const { db } = ctx;
  let held: PendingChange | undefined;
  const updated = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: number;
      username: string;
      role: string;
      status: string;
      is_root: boolean;
      is_member: boolean;
    }>(
      sql`SELECT u.id, u.username, u.role, u.status,
              EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id AND m.sponsor_id IS NULL) AS is_root,
              EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id) AS is_member
         FROM users u WHERE u.id = ${id} FOR UPDATE`,
    );
    const user = rows[0];
    if (!user) throw notFound('USER_NOT_FOUND', `There is no account with id ${id}.`);
    const self = user.id === actor.userId;

    if (body.status !== undefined && body.status !== user.status) {
      if (self) throw unprocessable('CANNOT_CHANGE_SELF', 'You cannot block your own account.', 'status');
      if (user.is_root) throw unprocessable('ROOT_ACCOUNT', "The company's root account cannot be blocked.", 'status');
      await tx.query(sql`UPDATE users SET status = ${body.status}, updated_at = now() WHERE id = ${id}`);
      // A blocked account is signed out everywhere at once.
      if (body.status === 'blocked') await revokeUserSessions(tx, id);
      await writeAudit(tx, {
        actor,
        action: body.status === 'blocked' ? 'user.block' : 'user.unblock',
        targetType: 'user',
        targetId: id,
        details: { username: user.username },
      });
    }

    if (body.role !== undefined && body.role !== user.role) {
      if (self) throw unprocessable('CANNOT_CHANGE_SELF', 'You cannot change your own role.', 'role');
      if (user.is_root)
        throw unprocessable(
          'ROOT_ACCOUNT',
          "The company's root account does not sign in, so its role does not change.",
          'role',
        );
      if (body.role === 'member' && !user.is_member) {
        throw unprocessable(
          'NOT_A_MEMBER',
          'This account has no network membership, so it cannot be a member. Block it instead.',
          'role',
        );
      }
      // Once live, granting the role waits for a second admin and the delay (admin-powers.ts).
      held =
        body.role === 'admin'
          ? await holdAdminGrant(ctx, tx, actor, { userId: id, username: user.username })
          : undefined;
      if (!held) await setRole(tx, actor, { id, username: user.username, from: user.role, to: body.role });
    }

    return existingUser(tx, id);
  });
  if (held) await mailChange(ctx, held, 'proposed');
  return updated;
}
