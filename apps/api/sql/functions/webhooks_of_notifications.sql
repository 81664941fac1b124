-- Each notification written, one delivery for every enabled webhook endpoint subscribed to its kind
-- (migration 0051_webhooks.sql), in the notification's own transaction; the delivery job sends them.
CREATE OR REPLACE FUNCTION webhooks_of_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most portals have no endpoint: one cheap look, and nothing joined.
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN
    RETURN NULL;
  END IF;
  -- Due at once ('-infinity': whatever clock the job reads), retried for three days from the event.
  INSERT INTO webhook_deliveries (endpoint_id, notification_id, kind, next_attempt_at, give_up_at, created_at)
  SELECT e.id, n.id, n.kind, '-infinity', n.created_at + interval '3 days', n.created_at
    FROM new_rows n JOIN webhook_endpoints e ON e.enabled AND n.kind = ANY (e.kinds)
  ON CONFLICT (endpoint_id, notification_id) DO NOTHING;
  RETURN NULL;
END;
$$;
