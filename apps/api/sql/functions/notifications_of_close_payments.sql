-- A close under review paid (apps/api/src/plan/pay.ts credits each record's `paid`): its matching bonuses told to
-- their members, one each (migration 0059_admin_notifications.sql; a close paid at once tells through
-- notifications_of_matching_bonuses.sql, and has no payment row).
CREATE OR REPLACE FUNCTION notifications_of_close_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT b.member_id, 'matching_bonus_credited',
         jsonb_build_object('amount', b.paid::text, 'closeDate', to_char(b.close_date, 'YYYY-MM-DD'))
    FROM new_rows p JOIN matching_bonuses b ON b.close_date = p.close_date
   WHERE b.paid > 0;
  RETURN NULL;
END;
$$;
