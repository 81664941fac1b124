-- An identity check decided, told to its member (migration 0058_identity_checks.sql).
CREATE OR REPLACE FUNCTION notifications_of_identity_checks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT n.user_id, 'identity_' || n.status, jsonb_strip_nulls(jsonb_build_object('reason', n.reason))
    FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
   WHERE n.status IS DISTINCT FROM o.status AND n.status IN ('approved', 'rejected');
  RETURN NULL;
END;
$$;
