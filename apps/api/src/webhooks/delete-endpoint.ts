import { writeAudit, type Actor } from '../audit/write-audit';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { endpointNotFound } from './endpoint-rows';

/** Deletes an endpoint with its deliveries and their log (audited with its URL): nothing more is sent to it. */
export async function deleteWebhookEndpoint(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ url: string }>(sql`DELETE FROM webhook_endpoints WHERE id = ${id} RETURNING url`);
    if (!rows[0]) throw endpointNotFound();
    await writeAudit(tx, {
      actor,
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: id,
      details: { url: rows[0].url },
    });
  });
}
