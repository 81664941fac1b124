import { WEBHOOK_TEST_KIND, type WebhookDelivery } from '@portal/contract';
import { writeAudit, type Actor } from '../audit/write-audit';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { conflict } from '../shared/errors';
import { RETRY_FOR_MS } from './backoff';
import { deliveryById } from './delivery-rows';
import { endpointNotFound } from './endpoint-rows';

/** Queues a `webhook.test` event to one endpoint, due now (audited; the job is kicked): it shows in the delivery log like any other. */
export async function sendTestEvent(ctx: AppContext, actor: Actor, endpointId: number): Promise<WebhookDelivery> {
  const now = ctx.now();
  const delivery = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ enabled: boolean }>(
      sql`SELECT enabled FROM webhook_endpoints WHERE id = ${endpointId} FOR SHARE`,
    );
    if (!rows[0]) throw endpointNotFound();
    if (!rows[0].enabled) throw conflict('WEBHOOK_DISABLED', 'This endpoint is disabled: enable it first.');
    const { rows: made } = await tx.query<{ id: number }>(
      sql`INSERT INTO webhook_deliveries (endpoint_id, kind, next_attempt_at, give_up_at, created_at)
          VALUES (${endpointId}, ${WEBHOOK_TEST_KIND}, ${now}, ${new Date(now.getTime() + RETRY_FOR_MS)}, ${now})
          RETURNING id`,
    );
    const id = Number(made[0]!.id);
    await writeAudit(tx, { actor, action: 'webhook.test', targetType: 'webhook', targetId: endpointId, details: {} });
    return (await deliveryById(tx, id))!;
  });
  ctx.jobs?.kickWebhooks?.();
  return delivery;
}
