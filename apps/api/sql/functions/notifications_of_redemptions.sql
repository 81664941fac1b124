-- A redemption decided, told to its member (migration 0050_notifications.sql).
CREATE OR REPLACE FUNCTION notifications_of_redemptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT n.member_id, 'redemption_' || n.status,
         jsonb_strip_nulls(jsonb_build_object('redemptionId', n.id, 'product', n.product_name,
                                              'points', n.points::text, 'reason', n.reason))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE n.status IS DISTINCT FROM o.status AND n.status IN ('approved', 'rejected');
  RETURN NULL;
END;
$$;
