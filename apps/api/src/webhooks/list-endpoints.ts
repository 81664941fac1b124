import type { WebhookEndpoint, WebhookEndpointListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { containsPattern } from '../shared/sql-list';
import { ENDPOINT_SELECT, toEndpoint, type EndpointRow } from './endpoint-rows';

const CSV_COLUMNS: CsvColumn<WebhookEndpoint>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'url', value: (e) => e.url },
  { header: 'description', value: (e) => e.description },
  { header: 'kinds', value: (e) => e.kinds.join(' ') },
  { header: 'enabled', value: (e) => e.enabled },
  { header: 'disabled_at', value: (e) => e.disabledAt },
  { header: 'disabled_reason', value: (e) => e.disabledReason },
  { header: 'failing_since', value: (e) => e.failingSince },
  { header: 'waiting', value: (e) => e.waiting },
  { header: 'created_by', value: (e) => e.createdBy },
  { header: 'created_at', value: (e) => e.createdAt },
];

const ENDPOINTS = defineList({
  select: ENDPOINT_SELECT,
  counted: sql`webhook_endpoints e`,
  sorts: { createdAt: 'e.id', url: 'e.url' },
  tieBreaker: 'e.id',
  keyOf: (row: EndpointRow) => row.id,
  toItem: toEndpoint,
  csv: { name: 'webhook-endpoints', columns: CSV_COLUMNS },
});

/** The webhook endpoints, filtered (never their secrets). */
export function listWebhookEndpoints(
  ctx: AppContext,
  query: WebhookEndpointListQuery,
): Promise<ListAnswer<WebhookEndpoint>> {
  const search = query.search ? containsPattern(query.search.toLowerCase()) : undefined;
  const where = [
    search ? sql`(lower(e.url) LIKE ${search} OR lower(e.description) LIKE ${search})` : undefined,
    query.state === 'enabled' ? sql`e.enabled` : undefined,
    query.state === 'disabled' ? sql`NOT e.enabled` : undefined,
  ];
  return ENDPOINTS.answer(ctx.db, { where, sort: query.sort }, query, ctx.now());
}
