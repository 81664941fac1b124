-- Constraint trigger journal_entries_balanced (AFTER INSERT ON
-- journal_entries, deferred to commit; migration 0005_ledger_entry_checks.sql):
-- every entry has at least two postings and sums to zero per unit. Checked
-- once per entry at commit instead of once per posting (0002's check read
-- the entry again for each of its lines: n² for a set-based bonus run).
-- See docs/decisions/0006-ledger.md and 0008-set-based-postings.md.
CREATE OR REPLACE FUNCTION ledger_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
  lines integer;
BEGIN
  SELECT count(*) INTO lines FROM postings WHERE entry_id = NEW.id;
  IF lines < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s); an entry moves money between at least two accounts', NEW.id, lines USING ERRCODE = '23514';
  END IF;
  SELECT a.unit INTO unbalanced
    FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
   WHERE p.entry_id = NEW.id
   GROUP BY a.unit
  HAVING sum(p.amount) <> 0
   LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero in %', NEW.id, unbalanced USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
