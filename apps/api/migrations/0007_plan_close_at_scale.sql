-- The daily close at scale: matching_bonuses gets up to one row per member
-- per day (500,000 in the 1M-member benchmark). Its three foreign keys cost
-- three row-by-row lookups (and row locks) per record, a fifth of the whole
-- close; one statement-level check now does the same work set-based. Closes,
-- members and journal entries are never deleted, so nothing a foreign key
-- guarded is left unguarded. See docs/decisions/0008-set-based-postings.md.

ALTER TABLE matching_bonuses
  DROP CONSTRAINT matching_bonuses_close_date_fkey,
  DROP CONSTRAINT matching_bonuses_member_id_fkey,
  DROP CONSTRAINT matching_bonuses_entry_id_fkey;

CREATE FUNCTION plan_check_matching_bonuses() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER matching_bonuses_refs AFTER INSERT ON matching_bonuses
  REFERENCING NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION plan_check_matching_bonuses();
CREATE TRIGGER matching_bonuses_permanent BEFORE UPDATE OR DELETE ON matching_bonuses
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER matching_closes_permanent BEFORE UPDATE OR DELETE ON matching_closes
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- The roll-up and the close update leg volumes and team counts all day:
-- half of each page is left free so that such an update finds room beside
-- its row (a HOT update, no entries in the path indexes to write). Pages
-- written before this keep their old fill until the table is rewritten.
ALTER TABLE network_nodes SET (fillfactor = 50);

-- How many days a close covers: more than 1 when the days before it were not
-- closed (the scheduler was down). Leg volumes do not record which day BV
-- arrived on, so those days' volume is matched at this close, under a cap of
-- the package's daily cap times the days covered: nobody loses cap to a
-- missed close. Earlier closes covered one day each.
ALTER TABLE matching_closes ADD COLUMN days int NOT NULL DEFAULT 1 CHECK (days >= 1);
