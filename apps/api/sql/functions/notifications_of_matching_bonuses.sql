-- The daily matching bonus credited at its close, told to its member (migration 0059_admin_notifications.sql): a close
-- that pays at once writes each record with the entry that credited it (apps/api/src/plan/close.ts); a close under
-- review writes them without one, and its pay tells (notifications_of_close_payments.sql).
CREATE OR REPLACE FUNCTION notifications_of_matching_bonuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT n.member_id, 'matching_bonus_credited',
         jsonb_build_object('amount', n.paid::text, 'closeDate', to_char(n.close_date, 'YYYY-MM-DD'))
    FROM new_records n
   WHERE n.entry_id IS NOT NULL AND n.paid > 0;
  RETURN NULL;
END;
$$;
