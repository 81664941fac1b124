-- An account's security change, told to its owner (migration 0050_notifications.sql): each kind of
-- the security log but the sessions ended, which the member did themselves and sees in the log, and
-- a support view (migration 0055_support_views.sql), which the log names with its admin.
CREATE OR REPLACE FUNCTION notifications_of_security_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, created_at)
  SELECT n.user_id, n.kind, n.created_at
    FROM new_rows n WHERE n.kind NOT IN ('session_ended', 'other_sessions_ended', 'viewed_by_support');
  RETURN NULL;
END;
$$;
