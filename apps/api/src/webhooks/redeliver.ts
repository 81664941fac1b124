import type { WebhookDelivery } from '@portal/contract';
import { writeAudit, type Actor } from '../audit/write-audit';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { conflict, notFound } from '../shared/errors';
import { RETRY_FOR_MS } from './backoff';
import { deliveryById } from './delivery-rows';

/**
 * Sends a delivery again now, whatever its status (delivered, abandoned):
 * due at once, retried for three days more if it fails, with the same
 * `webhook-id` so the receiver can tell a repeat. Audited; the job is kicked.
 */
export async function redeliverWebhook(ctx: AppContext, actor: Actor, id: number): Promise<WebhookDelivery> {
  const now = ctx.now();
  const delivery = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ endpoint_id: number; enabled: boolean }>(
      sql`SELECT d.endpoint_id, e.enabled FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
           WHERE d.id = ${id} FOR UPDATE OF d`,
    );
    const found = rows[0];
    if (!found) throw notFound('WEBHOOK_DELIVERY_NOT_FOUND', 'There is no such webhook delivery.');
    if (!found.enabled)
      throw conflict('WEBHOOK_DISABLED', 'This endpoint is disabled: enable it first, then redeliver.');
    await tx.query(
      sql`UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ${now}, claim = NULL,
                 give_up_at = ${new Date(now.getTime() + RETRY_FOR_MS)}
           WHERE id = ${id}`,
    );
    await writeAudit(tx, {
      actor,
      action: 'webhook.redeliver',
      targetType: 'webhook',
      targetId: Number(found.endpoint_id),
      details: { delivery: id },
    });
    return (await deliveryById(tx, id))!;
  });
  ctx.jobs?.kickWebhooks?.();
  return delivery;
}
