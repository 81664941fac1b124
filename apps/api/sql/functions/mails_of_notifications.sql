-- Each notification written, its mail queued in the notification's own transaction (migration
-- 0054_notification_mails.sql), so that no mail tells of what did not happen: unless its member turned the kind
-- off or takes a daily digest (which gathers the rest); security kinds always, at once. The mail job sends them.
CREATE OR REPLACE FUNCTION mails_of_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Due at once ('-infinity': whatever clock the job reads), retried for three days from the event.
  INSERT INTO notification_mails (notification_id, user_id, kind, next_attempt_at, give_up_at, created_at)
  SELECT n.id, n.user_id, n.kind, '-infinity', n.created_at + interval '3 days', n.created_at
    FROM new_rows n LEFT JOIN notification_mail_settings s ON s.user_id = n.user_id
   WHERE s.user_id IS NULL
      OR n.kind = ANY (notification_security_kinds())
      OR (NOT s.digest AND NOT n.kind = ANY (s.muted_kinds));
  RETURN NULL;
END;
$$;
