-- Each notification written, one delivery for every enabled webhook endpoint subscribed to its kind
-- (migration 0051_webhooks.sql), in the notification's own transaction; the delivery job sends them.
-- An admins' kind (notification_admin_kinds.sql) writes one row per active admin for one event, in one
-- statement: only the row of the lowest admin id among that statement's rows of the same kind and figures
-- is delivered, so an endpoint gets each event once (its payload's userId and username are that admin's;
-- the member concerned is `member`). An event no admin was told (none active) is not delivered.
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
   WHERE NOT n.kind = ANY (notification_admin_kinds())
      OR NOT EXISTS (SELECT 1 FROM new_rows m WHERE m.kind = n.kind AND m.data = n.data AND m.user_id < n.user_id)
  ON CONFLICT (endpoint_id, notification_id) DO NOTHING;
  RETURN NULL;
END;
$$;
