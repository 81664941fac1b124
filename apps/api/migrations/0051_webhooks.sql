-- Signed webhooks to the operator's own systems (docs/decisions/0066-webhooks.md): the endpoints admins
-- register (apps/api/src/webhooks/), and one delivery per endpoint and notification, written by the trigger
-- below in the transaction that wrote the notification (migration 0050_notifications.sql), so that nothing
-- is sent that did not happen and nothing that happened is missed. The delivery job (webhooks/deliver.ts)
-- sends them, signed, and retries with backoff for three days.
CREATE TABLE webhook_endpoints (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url             text NOT NULL CHECK (length(url) <= 2000),
  description     text NOT NULL DEFAULT '',
  -- The notification kinds sent (contract notificationKinds); never empty.
  kinds           text[] NOT NULL CHECK (cardinality(kinds) > 0),
  -- `whsec_` and base64: signs every delivery; shown once, at creation.
  secret          text NOT NULL,
  enabled         boolean NOT NULL DEFAULT true,
  disabled_at     timestamptz,
  disabled_reason text,
  -- Since when every attempt failed (null once one succeeds): three days of it disables the endpoint.
  failing_since   timestamptz,
  created_by      bigint REFERENCES users (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (enabled = (disabled_at IS NULL))
);
CREATE INDEX webhook_endpoints_kinds_idx ON webhook_endpoints USING gin (kinds) WHERE enabled;

CREATE TABLE webhook_deliveries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint_id     bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- The notification sent; null for an admin's test event.
  notification_id bigint REFERENCES notifications (id),
  kind            text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'abandoned')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- Retried until then; abandoned after (three days from the event, or from an admin's Redeliver).
  give_up_at      timestamptz NOT NULL DEFAULT now() + interval '3 days',
  -- The pass that claimed it (webhooks/claim.ts): only that pass records the attempt's outcome.
  claim           text,
  last_status     integer,
  last_body       text CHECK (length(last_body) <= 1000),
  last_error      text,
  last_attempt_at timestamptz,
  delivered_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, notification_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'failed');
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);

-- Each attempt of a delivery, for the log: when, the answer's status and the start of its body, or the error.
CREATE TABLE webhook_attempts (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id  bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  status       integer,
  body         text CHECK (length(body) <= 1000),
  error        text,
  duration_ms  integer NOT NULL
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id);

-- One statement-level trigger, like 0050's: a bulk statement's notifications fan out in one INSERT.
CREATE TRIGGER notifications_webhooks AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhooks_of_notifications();
