import type { WebhookCreated } from '@portal/contract';
import { writeAudit, type Actor } from '../audit/write-audit';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { endpointById } from './endpoint-rows';
import { newWebhookSecret } from './signature';
import { checkWebhookUrl } from './url-check';

/**
 * Registers a webhook endpoint for the kinds chosen, its URL checked
 * (url-check.ts), and answers its new secret: the only time it is shown
 * (the lists never read it; the audit does not keep it).
 */
export async function createWebhookEndpoint(
  ctx: AppContext,
  actor: Actor,
  body: { url: string; kinds: string[]; description?: string },
): Promise<WebhookCreated> {
  const { url } = await checkWebhookUrl(body.url, ctx.config.webhooksAllowPrivate);
  const secret = newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      sql`INSERT INTO webhook_endpoints (url, description, kinds, secret, created_by, created_at)
          VALUES (${url.href}, ${body.description ?? ''}, ${body.kinds}::text[], ${secret}, ${actor.userId}, ${ctx.now()})
          RETURNING id`,
    );
    const id = Number(rows[0]!.id);
    await writeAudit(tx, {
      actor,
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: id,
      details: { url: url.href, kinds: body.kinds },
    });
    return { endpoint: await endpointById(tx, id), secret };
  });
}
