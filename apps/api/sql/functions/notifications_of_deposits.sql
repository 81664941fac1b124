-- A deposit, told in the transaction that records it (migrations 0050_notifications.sql, 0059_admin_notifications.sql):
-- to its member when first seen on the chain (apps/api/src/deposits/lifecycle.ts records it `seen`; a `seen` again
-- after a reorganisation dropped it is not news) and when credited; to every active admin when held because its
-- sender is on the screening list (the `hold` transition, decided in apps/api/src/deposits/held.ts).
CREATE OR REPLACE FUNCTION notifications_of_deposits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notifications (user_id, kind, data)
    SELECT n.member_id, 'deposit_' || n.status, jsonb_build_object('amount', n.amount::text, 'depositId', n.id)
      FROM new_rows n WHERE n.status IN ('seen', 'credited');
    INSERT INTO notifications (user_id, kind, data)
    SELECT a.id, 'deposit_held', jsonb_build_object('amount', n.amount::text, 'depositId', n.id, 'member', u.username)
      FROM new_rows n JOIN users u ON u.id = n.member_id CROSS JOIN notification_admins() a
     WHERE n.status = 'held';
  ELSE
    INSERT INTO notifications (user_id, kind, data)
    SELECT n.member_id, 'deposit_credited', jsonb_build_object('amount', n.amount::text, 'depositId', n.id)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.status = 'credited' AND o.status <> 'credited';
    INSERT INTO notifications (user_id, kind, data)
    SELECT a.id, 'deposit_held', jsonb_build_object('amount', n.amount::text, 'depositId', n.id, 'member', u.username)
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN users u ON u.id = n.member_id
           CROSS JOIN notification_admins() a
     WHERE n.status = 'held' AND o.status <> 'held';
  END IF;
  RETURN NULL;
END;
$$;
