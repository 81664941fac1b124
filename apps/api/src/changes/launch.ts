import type { PortalLaunch } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit, type Actor } from '../audit/write-audit';
import { conflict } from '../shared/errors';
import { mailAdmins } from './mail';

/**
 * Set-up or live (docs/decisions/0052-four-eyes-and-a-delay.md): in set-up
 * every change applies at once, so the operator configures the policy before
 * opening; once live, a loosening change waits for a second admin and the
 * delay. Going live cannot be undone: nothing ever sets live_at back to NULL.
 */
export async function isLive(db: Sql): Promise<boolean> {
  const { rows } = await db.query<{ live: boolean }>(sql`SELECT live_at IS NOT NULL AS live FROM portal_launch`);
  return rows[0]?.live ?? false;
}

export async function launchState(db: Sql): Promise<PortalLaunch> {
  const { rows } = await db.query<{ live_at: Date | null; live_by: string | null; joined: boolean }>(
    sql`SELECT l.live_at, u.username AS live_by,
               EXISTS (SELECT 1 FROM members WHERE sponsor_id IS NOT NULL) AS joined
          FROM portal_launch l LEFT JOIN users u ON u.id = l.live_by`,
  );
  const row = rows[0];
  return {
    state: row?.live_at ? 'live' : 'setup',
    liveAt: row?.live_at ? new Date(row.live_at).toISOString() : null,
    liveBy: row?.live_by ?? null,
    membersJoined: row?.joined ?? false,
  };
}

/** Declares the portal live, once (audited; every admin is told). */
export async function goLive(ctx: AppContext, actor: Actor): Promise<PortalLaunch> {
  const launch = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ one: boolean }>(
      sql`UPDATE portal_launch SET live_at = ${ctx.now()}, live_by = ${actor.userId} WHERE live_at IS NULL RETURNING one`,
    );
    if (!rows[0]) throw conflict('PORTAL_LIVE_ALREADY', 'The portal is live already; going live cannot be undone.');
    await writeAudit(tx, { actor, action: 'portal.live', targetType: 'portal' });
    return launchState(tx);
  });
  await mailAdmins(ctx, `The portal is live`, [
    `${launch.liveBy} declared the portal live at ${launch.liveAt}.`,
    'From now on a change that loosens a money-out control, or makes an admin, waits for a second admin to confirm it and for the delay set under Settings before it takes effect. Tightening still applies at once.',
    '',
    `Settings: ${ctx.config.publicUrl}/admin/settings`,
  ]);
  return launch;
}

/**
 * Tells the admins, once, that members have joined a portal still in set-up
 * (where one admin's change applies at once). Called by the pending-change
 * job's pass; answers whether it mailed.
 */
export async function remindSetup(ctx: AppContext): Promise<boolean> {
  const claimed = await ctx.db.query<{ one: boolean }>(
    sql`UPDATE portal_launch SET setup_mail_at = ${ctx.now()}
         WHERE live_at IS NULL AND setup_mail_at IS NULL
           AND EXISTS (SELECT 1 FROM members WHERE sponsor_id IS NOT NULL) RETURNING one`,
  );
  if (!claimed.rows[0]) return false;
  await mailAdmins(ctx, 'Members have joined a portal still in set-up', [
    'Members have joined, but the portal is still in set-up: any one admin can change any setting with immediate effect.',
    'Once the settings are as they should be, declare the portal live on the admin dashboard or the Settings page. From then on, loosening a money-out control needs a second admin and a delay.',
    '',
    `Settings: ${ctx.config.publicUrl}/admin/settings`,
  ]);
  return true;
}
