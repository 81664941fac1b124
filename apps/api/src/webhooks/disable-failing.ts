import { writeAudit } from '../audit/write-audit';
import { mailAdmins } from '../changes/mail';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { RETRY_FOR_MS } from './backoff';

/**
 * Disables an endpoint every attempt to which has failed for three days, and
 * tells the admins by mail (the URL only, never its secret). Its deliveries
 * wait: enabling it again (update-endpoint.ts) sends them.
 */
export async function disableIfFailing(ctx: AppContext, endpointId: number): Promise<boolean> {
  const now = ctx.now();
  const since = new Date(now.getTime() - RETRY_FOR_MS);
  const disabled = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ url: string; failing_since: Date }>(
      sql`UPDATE webhook_endpoints SET enabled = false, disabled_at = ${now},
                 disabled_reason = 'Every delivery failed for three days'
           WHERE id = ${endpointId} AND enabled AND failing_since <= ${since} RETURNING url, failing_since`,
    );
    if (!rows[0]) return undefined;
    await writeAudit(tx, {
      actor: { userId: null, ip: null },
      action: 'webhook.disable_failing',
      targetType: 'webhook',
      targetId: endpointId,
      details: { url: rows[0].url, failingSince: new Date(rows[0].failing_since).toISOString() },
    });
    return rows[0];
  });
  if (!disabled) return false;
  await mailAdmins(ctx, 'A webhook endpoint was disabled', [
    `Every delivery to ${disabled.url} has failed since ${new Date(disabled.failing_since).toISOString()}, three days: the endpoint is disabled.`,
    'Its waiting deliveries are kept. Fix the receiving system, then enable the endpoint again on the Webhooks page; its delivery log shows each attempt and the answer.',
    '',
    `Webhooks: ${ctx.config.publicUrl}/admin-webhooks`,
  ]);
  return true;
}
