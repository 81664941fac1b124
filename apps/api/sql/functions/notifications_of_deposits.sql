-- A deposit credited to its member's wallet, told to the member (migration 0050_notifications.sql):
-- a deposit recorded as credited, or one that became credited.
CREATE OR REPLACE FUNCTION notifications_of_deposits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notifications (user_id, kind, data)
    SELECT n.member_id, 'deposit_credited', jsonb_build_object('amount', n.amount::text, 'depositId', n.id)
      FROM new_rows n WHERE n.status = 'credited';
  ELSE
    INSERT INTO notifications (user_id, kind, data)
    SELECT n.member_id, 'deposit_credited', jsonb_build_object('amount', n.amount::text, 'depositId', n.id)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.status = 'credited' AND o.status <> 'credited';
  END IF;
  RETURN NULL;
END;
$$;
