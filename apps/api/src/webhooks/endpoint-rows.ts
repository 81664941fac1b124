import type { WebhookEndpoint } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { notFound } from '../shared/errors';

/** A webhook endpoint's row as the admin lists read it: never its secret. */
export interface EndpointRow {
  id: number;
  url: string;
  description: string;
  kinds: string[];
  enabled: boolean;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_by: string | null;
  created_at: Date;
  waiting: number;
}

export const ENDPOINT_SELECT = sql`SELECT e.id, e.url, e.description, e.kinds, e.enabled, e.disabled_at, e.disabled_reason,
         e.failing_since, u.username AS created_by, e.created_at,
         (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status IN ('pending', 'failed')) AS waiting
    FROM webhook_endpoints e LEFT JOIN users u ON u.id = e.created_by`;

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: Number(row.id),
    url: row.url,
    description: row.description,
    kinds: row.kinds,
    enabled: row.enabled,
    disabledAt: iso(row.disabled_at),
    disabledReason: row.disabled_reason,
    failingSince: iso(row.failing_since),
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    waiting: Number(row.waiting),
  };
}

export const endpointNotFound = () => notFound('WEBHOOK_NOT_FOUND', 'There is no such webhook endpoint.');

/** The endpoint as listed; WEBHOOK_NOT_FOUND when there is none. */
export async function endpointById(db: Sql, id: number): Promise<WebhookEndpoint> {
  const { rows } = await db.query<EndpointRow>(sql`${ENDPOINT_SELECT} WHERE e.id = ${id}`);
  if (!rows[0]) throw endpointNotFound();
  return toEndpoint(rows[0]);
}
