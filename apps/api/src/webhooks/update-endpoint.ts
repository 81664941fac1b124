import type { WebhookEndpoint } from '@portal/contract';
import { writeAudit, type Actor } from '../audit/write-audit';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { endpointById, endpointNotFound } from './endpoint-rows';

interface Change {
  kinds?: string[];
  enabled?: boolean;
  description?: string;
}

/**
 * Changes an endpoint's kinds or description, or enables or disables it
 * (audited with what changed). Enabling clears its failure streak: the
 * deliveries still waiting are sent again from the next pass.
 */
export async function updateWebhookEndpoint(
  ctx: AppContext,
  actor: Actor,
  id: number,
  change: Change,
): Promise<WebhookEndpoint> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ kinds: string[]; enabled: boolean; description: string }>(
      sql`SELECT kinds, enabled, description FROM webhook_endpoints WHERE id = ${id} FOR UPDATE`,
    );
    const before = rows[0];
    if (!before) throw endpointNotFound();
    const after = {
      kinds: change.kinds ?? before.kinds,
      enabled: change.enabled ?? before.enabled,
      description: change.description ?? before.description,
    };
    const now = ctx.now();
    await tx.query(
      sql`UPDATE webhook_endpoints SET kinds = ${after.kinds}::text[], description = ${after.description}, enabled = ${after.enabled},
                 disabled_at = CASE WHEN ${after.enabled} THEN NULL WHEN enabled THEN ${now}::timestamptz ELSE disabled_at END,
                 disabled_reason = CASE WHEN ${after.enabled} THEN NULL WHEN enabled THEN 'Disabled by an admin' ELSE disabled_reason END,
                 failing_since = CASE WHEN ${after.enabled} AND NOT enabled THEN NULL ELSE failing_since END
           WHERE id = ${id}`,
    );
    const changes = Object.fromEntries(
      (Object.keys(after) as Array<keyof typeof after>)
        .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        .map((key) => [key, { from: before[key], to: after[key] }]),
    );
    await writeAudit(tx, {
      actor,
      action: 'webhook.update',
      targetType: 'webhook',
      targetId: id,
      details: { changes },
    });
    return endpointById(tx, id);
  });
}
