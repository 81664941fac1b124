-- A transfer received, told to the receiver with what reached their wallet (the amount less the fee)
-- and who sent it (migration 0050_notifications.sql).
CREATE OR REPLACE FUNCTION notifications_of_transfers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT n.to_user_id, 'transfer_received',
         jsonb_build_object('transferId', n.id, 'received', (n.amount - n.fee)::text, 'from', u.username)
    FROM new_rows n JOIN users u ON u.id = n.from_user_id;
  RETURN NULL;
END;
$$;
