-- Trigger matching_bonuses_refs (AFTER INSERT ON matching_bonuses, per
-- statement; migration 0007_plan_close_at_scale.sql): what the table's three
-- foreign keys checked row by row (the close, the member, the journal
-- entry), checked set-based once per statement: a daily close writes up to
-- one row per member. Closes, members and entries are never deleted.
-- See docs/decisions/0008-set-based-postings.md.
CREATE OR REPLACE FUNCTION plan_check_matching_bonuses() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wrong text;
BEGIN
  SELECT CASE
           WHEN NOT EXISTS (SELECT 1 FROM matching_closes c WHERE c.close_date = r.close_date) THEN 'no close of ' || r.close_date
           WHEN NOT EXISTS (SELECT 1 FROM members m WHERE m.user_id = r.member_id) THEN 'no member ' || r.member_id
           ELSE 'no journal entry ' || r.entry_id
         END INTO wrong
    FROM new_records r
   WHERE NOT EXISTS (SELECT 1 FROM matching_closes c WHERE c.close_date = r.close_date)
      OR NOT EXISTS (SELECT 1 FROM members m WHERE m.user_id = r.member_id)
      OR (r.entry_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = r.entry_id))
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'matching bonus record refers to %', wrong USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $$;
