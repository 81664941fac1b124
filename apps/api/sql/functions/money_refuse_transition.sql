-- Trigger function of withdrawals_lifecycle, payouts_lifecycle,
-- redemptions_lifecycle and deposits_lifecycle (migration
-- 0047_money_lifecycles.sql; docs/decisions/0058-money-lifecycles.md): an
-- UPDATE that changes a row's status in a way money_transitions() does not
-- list is refused, whatever code ran it. AFTER UPDATE FOR EACH STATEMENT with
-- the statement's old and new rows as tables, so a bulk approval of 1,000
-- withdrawals pays one check, not 1,000. TG_ARGV[0] names the TypeScript file
-- that owns the object's lifecycle, for whoever reads the error.
--
-- Planned for the whole join, never a nested loop: the planner sees the
-- statement's row counts only when it plans, a plan kept from single-row
-- updates would compare 1,000 old rows with 1,000 new ones each (a LIMIT 1
-- chose that plan too: 150 ms for a bulk approval of 1,000, 1.5 ms hashed).
CREATE OR REPLACE FUNCTION money_refuse_transition() RETURNS trigger LANGUAGE plpgsql
  SET enable_nestloop = off AS $$
DECLARE
  bad record;
BEGIN
  SELECT o.id, o.status AS from_status, n.status AS to_status INTO bad
    FROM old_rows o JOIN new_rows n ON n.id = o.id
   WHERE n.status <> o.status
     AND NOT EXISTS (SELECT 1 FROM money_transitions() t
                      WHERE t.object = TG_TABLE_NAME AND t.from_status = o.status AND t.to_status = n.status);
  IF FOUND THEN
    RAISE EXCEPTION '% #%: % → % is not a transition of its lifecycle', TG_TABLE_NAME, bad.id, bad.from_status, bad.to_status
      USING ERRCODE = 'check_violation',
            HINT = format('Change its status only through %s; money_transitions() lists the moves allowed.', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
