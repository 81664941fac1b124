import type { WebhookAttempt, WebhookDelivery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/** A delivery's row as the log reads it. */
export interface DeliveryRow {
  id: number;
  endpoint_id: number;
  notification_id: number | null;
  kind: string;
  status: WebhookDelivery['status'];
  attempts: number;
  next_attempt_at: Date;
  last_status: number | null;
  last_body: string | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

export const DELIVERY_SELECT = sql`SELECT d.id, d.endpoint_id, d.notification_id, d.kind, d.status, d.attempts, d.next_attempt_at,
         d.last_status, d.last_body, d.last_error, d.last_attempt_at, d.delivered_at, d.created_at
    FROM webhook_deliveries d`;

/** The `webhook-id` of a delivery: its notification's (the same for every endpoint and attempt), or its test event's. */
export const eventIdOf = (row: { id: number; notification_id: number | null }): string =>
  row.notification_id === null ? `evt_test_${row.id}` : `evt_${row.notification_id}`;

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

/** When the next attempt is due, for one still waiting ('-infinity': at once, shown as its creation). */
function nextAttemptOf(row: DeliveryRow): string | null {
  if (row.status !== 'pending' && row.status !== 'failed') return null;
  const next = new Date(row.next_attempt_at);
  return Number.isFinite(next.getTime()) ? next.toISOString() : new Date(row.created_at).toISOString();
}

export function toDelivery(row: DeliveryRow, log: WebhookAttempt[] = []): WebhookDelivery {
  return {
    id: Number(row.id),
    endpointId: Number(row.endpoint_id),
    eventId: eventIdOf({ id: Number(row.id), notification_id: row.notification_id && Number(row.notification_id) }),
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: nextAttemptOf(row),
    lastStatus: row.last_status,
    lastBody: row.last_body,
    lastError: row.last_error,
    lastAttemptAt: iso(row.last_attempt_at),
    deliveredAt: iso(row.delivered_at),
    createdAt: new Date(row.created_at).toISOString(),
    log,
  };
}

interface AttemptRow {
  delivery_id: number;
  attempted_at: Date;
  status: number | null;
  body: string | null;
  error: string | null;
  duration_ms: number;
}

/** The deliveries as items, each with its latest 20 attempts (oldest first), read in one query. */
export async function withAttempts(db: Sql, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  if (rows.length === 0) return [];
  const { rows: attempts } = await db.query<AttemptRow>(
    sql`SELECT delivery_id, attempted_at, status, body, error, duration_ms FROM (
          SELECT a.*, row_number() OVER (PARTITION BY a.delivery_id ORDER BY a.id DESC) AS nth
            FROM webhook_attempts a WHERE a.delivery_id = ANY(${rows.map((r) => Number(r.id))}::bigint[])) latest
         WHERE nth <= 20 ORDER BY delivery_id, attempted_at, nth DESC`,
  );
  const logs = new Map<number, WebhookAttempt[]>();
  for (const a of attempts) {
    const log = logs.get(Number(a.delivery_id)) ?? [];
    log.push({
      at: new Date(a.attempted_at).toISOString(),
      status: a.status,
      body: a.body,
      error: a.error,
      durationMs: a.duration_ms,
    });
    logs.set(Number(a.delivery_id), log);
  }
  return rows.map((row) => toDelivery(row, logs.get(Number(row.id)) ?? []));
}

/** One delivery with its log; undefined when there is none. */
export async function deliveryById(db: Sql, id: number): Promise<WebhookDelivery | undefined> {
  const { rows } = await db.query<DeliveryRow>(sql`${DELIVERY_SELECT} WHERE d.id = ${id}`);
  return rows[0] && (await withAttempts(db, rows))[0];
}
