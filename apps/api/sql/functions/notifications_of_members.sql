-- A new direct referral, told to their sponsor (migration 0050_notifications.sql); not to the company's
-- root position, whose direct referrals are every member who joined without a link.
CREATE OR REPLACE FUNCTION notifications_of_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT n.sponsor_id, 'direct_referral', jsonb_build_object('memberId', n.user_id, 'username', u.username)
    FROM new_rows n JOIN users u ON u.id = n.user_id
    JOIN members s ON s.user_id = n.sponsor_id AND s.sponsor_id IS NOT NULL;
  RETURN NULL;
END;
$$;
