import type { WebhookDelivery, WebhookDeliveryListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { DELIVERY_SELECT, toDelivery, withAttempts, type DeliveryRow } from './delivery-rows';
import { endpointById } from './endpoint-rows';

const CSV_COLUMNS: CsvColumn<WebhookDelivery>[] = [
  { header: 'id', value: (d) => d.id },
  { header: 'event_id', value: (d) => d.eventId },
  { header: 'kind', value: (d) => d.kind },
  { header: 'status', value: (d) => d.status },
  { header: 'attempts', value: (d) => d.attempts },
  { header: 'last_status', value: (d) => d.lastStatus },
  { header: 'last_error', value: (d) => d.lastError },
  { header: 'last_attempt_at', value: (d) => d.lastAttemptAt },
  { header: 'next_attempt_at', value: (d) => d.nextAttemptAt },
  { header: 'delivered_at', value: (d) => d.deliveredAt },
  { header: 'created_at', value: (d) => d.createdAt },
];

const DELIVERIES = defineList({
  select: DELIVERY_SELECT,
  counted: sql`webhook_deliveries d`,
  sorts: { createdAt: 'd.id', lastAttemptAt: 'd.last_attempt_at' },
  tieBreaker: 'd.id',
  keyOf: (row: DeliveryRow) => row.id,
  toItems: withAttempts,
  csv: { name: 'webhook-deliveries', columns: CSV_COLUMNS, line: (row: DeliveryRow) => toDelivery(row) },
});

/** An endpoint's delivery log, filtered by status and kind, each delivery with its attempts. */
export async function listWebhookDeliveries(
  ctx: AppContext,
  endpointId: number,
  query: WebhookDeliveryListQuery,
): Promise<ListAnswer<WebhookDelivery>> {
  await endpointById(ctx.db, endpointId);
  const where = [
    sql`d.endpoint_id = ${endpointId}`,
    query.status ? sql`d.status = ANY(${query.status}::text[])` : undefined,
    query.kind ? sql`d.kind = ${query.kind}` : undefined,
  ];
  return DELIVERIES.answer(ctx.db, { where, sort: query.sort }, query, ctx.now());
}
