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

-- The set-based check: plan_check_matching_bonuses (apps/api/sql/functions/).
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
