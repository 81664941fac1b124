-- The notifications by mail (docs/decisions/0068-notification-mails.md): each member's choice, the mail of each
-- notification, queued by the trigger below in the notification's own transaction (the outbox of migration
-- 0050_notifications.sql), and one digest per member and day. The jobs of apps/api/src/notifications/mail/ send
-- them once across processes, by claims like the webhook deliveries' (migration 0051_webhooks.sql).

-- A member's choice; no row: every kind mailed, one mail each. Security kinds cannot be turned off.
CREATE TABLE notification_mail_settings (
  user_id     bigint PRIMARY KEY REFERENCES users (id),
  muted_kinds text[] NOT NULL DEFAULT '{}',
  digest      boolean NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  -- The security kinds (sql/functions/notification_security_kinds.sql), written out: a check names no function.
  CHECK (NOT (muted_kinds && ARRAY['password_changed', 'password_reset', 'two_factor_on', 'two_factor_off',
                                   'withdrawal_address_added', 'withdrawal_address_removed']::text[]))
);
CREATE INDEX notification_mail_settings_digest_idx ON notification_mail_settings (user_id) WHERE digest;

-- The mail of one notification: written only when its member wants it at once (not muted, no digest, or a
-- security kind); sent, retried, or skipped when the member turned the kind off before it went.
CREATE TABLE notification_mails (
  notification_id bigint PRIMARY KEY REFERENCES notifications (id),
  user_id         bigint NOT NULL REFERENCES users (id),
  kind            text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped', 'abandoned')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT '-infinity',
  give_up_at      timestamptz NOT NULL,
  -- The pass that claimed it: only that pass records the outcome.
  claim           text,
  last_error      text CHECK (length(last_error) <= 500),
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_mails_due_idx ON notification_mails (next_attempt_at) WHERE status IN ('pending', 'failed');

-- One digest per member and UTC day: the key makes its making idempotent, whichever process or pass gets there.
CREATE TABLE notification_digests (
  user_id         bigint NOT NULL REFERENCES users (id),
  day             date NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped', 'abandoned')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT '-infinity',
  give_up_at      timestamptz NOT NULL,
  claim           text,
  last_error      text CHECK (length(last_error) <= 500),
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, day)
);
CREATE INDEX notification_digests_due_idx ON notification_digests (next_attempt_at) WHERE status IN ('pending', 'failed');

-- One statement-level trigger, like 0051's: a bulk statement's mails are queued in one INSERT.
CREATE TRIGGER notifications_mails AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mails_of_notifications();
