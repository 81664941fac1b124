import type { AdminUser, PendingChange } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit, type Actor } from '../audit/write-audit';
import type { ChangeApplier } from '../changes/apply-due';
import { isLive } from '../changes/launch';
import { mailChange } from '../changes/mail';
import { proposeChange } from '../changes/propose';
import { readSettings } from '../settings/in-force';
import { adminUser } from './queries';
import { invitation } from './invite';
import { UNUSABLE_PASSWORD_HASH } from '../auth/passwords';
import { revokeSupportViewsBy } from '../auth/sessions';

/**
 * Admin powers are the widest loosening there is: once the portal is live, a
 * new admin or a granted admin role waits for a second admin and the delay
 * like a loosened money-out control (docs/decisions/0052-four-eyes-and-a-delay.md).
 */
interface NewAdmin {
  username: string;
  email: string;
  fullName: string;
}

/** Holds a new admin when the portal is live (the admins are mailed); undefined in set-up, where it is created at once. */
export async function holdNewAdmin(ctx: AppContext, actor: Actor, admin: NewAdmin): Promise<PendingChange | undefined> {
  const held = await ctx.db.transaction(async (tx) => {
    if (!(await isLive(tx))) return undefined;
    return proposeChange(tx, actor, ctx.now(), {
      kind: 'user.create_admin',
      payload: { username: admin.username, email: admin.email, fullName: admin.fullName },
      summary: `Create the admin ${admin.username} <${admin.email}>`,
      delayHours: (await readSettings(tx)).changeDelayHours,
    });
  });
  if (held) await mailChange(ctx, held, 'proposed');
  return held;
}

/** Holds granting the admin role when the portal is live, in the caller's transaction (it mails once committed). */
export async function holdAdminGrant(
  ctx: AppContext,
  tx: Sql,
  actor: Actor,
  user: { userId: number; username: string },
): Promise<PendingChange | undefined> {
  if (!(await isLive(tx))) return undefined;
  return proposeChange(tx, actor, ctx.now(), {
    kind: 'user.grant_admin',
    payload: { ...user },
    summary: `Make ${user.username} an admin`,
    delayHours: (await readSettings(tx)).changeDelayHours,
  });
}

/**
 * Inserts the admin and audits it, in the caller's transaction (`details`
 * adds to the record: a held change's). No password: the account cannot sign
 * in until its owner sets one with the invitation's link (invite.ts).
 */
export async function insertAdmin(
  tx: Sql,
  actor: Actor,
  admin: NewAdmin,
  details: Record<string, unknown> = {},
): Promise<AdminUser> {
  const { rows } = await tx.query<{ id: number }>(
    sql`INSERT INTO users (username, email, full_name, password_hash, role) VALUES (${admin.username}, ${admin.email}, ${admin.fullName}, ${UNUSABLE_PASSWORD_HASH}, 'admin') RETURNING id`,
  );
  const id = rows[0]!.id;
  await writeAudit(tx, {
    actor,
    action: 'user.create_admin',
    targetType: 'user',
    targetId: id,
    details: { username: admin.username, email: admin.email, ...details },
  });
  return (await adminUser(tx, id))!;
}

/** Sets the role and audits it, in the caller's transaction (`details` adds to the record: a held change's). */
export async function setRole(
  tx: Sql,
  actor: Actor,
  user: { id: number; username: string; from: string; to: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.query(sql`UPDATE users SET role = ${user.to}, updated_at = now() WHERE id = ${user.id}`);
  // An admin no more sees no member's pages either.
  if (user.from === 'admin') await revokeSupportViewsBy(tx, user.id);
  await writeAudit(tx, {
    actor,
    action: 'user.role',
    targetType: 'user',
    targetId: user.id,
    details: { username: user.username, from: user.from, to: user.to, ...details },
  });
}

const heldDetails = (context: Parameters<ChangeApplier>[3]) => ({
  change: context.changeId,
  confirmedBy: context.confirmedBy,
  unconfirmed: context.confirmedBy === null,
});

/**
 * A held new admin taking effect, if the name and the address are still
 * free; the invitation is mailed once it committed, not at the proposal. A
 * `passwordHash` in a payload held before invitations is left unused.
 */
export const applyNewAdmin: ChangeApplier = async (tx, payload, actor, context) => {
  const { username, email, fullName } = payload as unknown as NewAdmin;
  const { rows } = await tx.query<{ taken: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(${username}) OR lower(email) = lower(${email})) AS taken`,
  );
  if (rows[0]!.taken) return `the username ${username} or the email ${email} is taken now`;
  const created = await insertAdmin(tx, actor, { username, email, fullName }, heldDetails(context));
  const mail = await invitation(context.ctx, tx, created, context.now);
  context.afterCommit(() => context.ctx.mailer.send(mail));
  return null;
};

/** A held admin role taking effect, if the account is still active and not an admin. */
export const applyAdminGrant: ChangeApplier = async (tx, payload, actor, context) => {
  const userId = Number(payload.userId);
  const { rows } = await tx.query<{ username: string; role: string; status: string }>(
    sql`SELECT username, role, status FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  const user = rows[0];
  if (!user || user.status !== 'active') return 'the account is gone or blocked';
  if (user.role === 'admin') return `${user.username} is an admin already`;
  await setRole(tx, actor, { id: userId, username: user.username, from: user.role, to: 'admin' }, heldDetails(context));
  return null;
};
