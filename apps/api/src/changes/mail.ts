import type { PendingChange } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';

/** Mails every active admin (after the change committed: a mail is no part of its transaction). */
export async function mailAdmins(ctx: AppContext, subject: string, lines: string[]): Promise<void> {
  const { rows } = await ctx.db.query<{ email: string; full_name: string }>(
    sql`SELECT email, full_name FROM users WHERE role = 'admin' AND status = 'active' ORDER BY id`,
  );
  for (const admin of rows) {
    try {
      await ctx.mailer.send({ to: admin.email, subject, text: [`Hello ${admin.full_name},`, '', ...lines].join('\n') });
    } catch (error) {
      ctx.log.warn({ err: error, subject }, 'admin mail not sent');
    }
  }
}

export type ChangeEvent = 'proposed' | 'confirmed' | 'cancelled' | 'applied' | 'failed';

const SUBJECTS: Record<ChangeEvent, string> = {
  proposed: 'proposed',
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  applied: 'in force',
  failed: 'could not take effect',
};

/** Tells every admin what happened to a pending change. */
export async function mailChange(ctx: AppContext, change: PendingChange, event: ChangeEvent): Promise<void> {
  const lines = [
    `Change #${change.id}: ${change.summary}`,
    `Proposed by ${change.proposedBy} at ${change.proposedAt}.`,
  ];
  if (event === 'proposed') {
    lines.push(
      change.needsConfirmation
        ? `It takes effect at ${change.dueAt} at the earliest, once another admin with two-factor confirms it.`
        : `No other admin can confirm it: it takes effect at ${change.dueAt}, unconfirmed.`,
      'If you did not expect it, cancel it on the Settings page.',
    );
  }
  if (event === 'confirmed') lines.push(`Confirmed by ${change.confirmedBy}; it takes effect at ${change.dueAt}.`);
  if (event === 'cancelled') lines.push(`Cancelled by ${change.endedBy}: it will not take effect.`);
  if (event === 'applied') {
    lines.push(
      change.confirmedBy
        ? `In force since ${change.endedAt}, confirmed by ${change.confirmedBy}.`
        : `In force since ${change.endedAt}, unconfirmed (no other admin could confirm it).`,
    );
  }
  if (event === 'failed') lines.push(`It could not take effect: ${change.outcome}`);
  lines.push('', `Settings: ${ctx.config.publicUrl}/admin/settings`);
  await mailAdmins(ctx, `Pending change #${change.id} ${SUBJECTS[event]}`, lines);
}
