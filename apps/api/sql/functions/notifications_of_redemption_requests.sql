-- A redemption asked for (inserted `pending`, apps/api/src/redemptions/redeem.ts), told to every active admin but its
-- own member, who may not decide it (money_refuse_own_decision.sql); migration 0059_admin_notifications.sql.
CREATE OR REPLACE FUNCTION notifications_of_redemption_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT a.id, 'redemption_waiting',
         jsonb_build_object('redemptionId', n.id, 'product', n.product_name, 'quantity', n.quantity,
                            'points', n.points::text, 'member', u.username)
    FROM new_rows n JOIN users u ON u.id = n.member_id CROSS JOIN notification_admins() a
   WHERE n.status = 'pending' AND a.id <> n.member_id;
  RETURN NULL;
END;
$$;
