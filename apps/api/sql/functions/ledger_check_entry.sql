-- Constraint trigger journal_entries_balanced (AFTER INSERT ON
-- journal_entries, deferred to commit; migration 0005_ledger_entry_checks.sql):
-- every entry has at least two postings and sums to zero per unit. Checked
-- once per entry at commit instead of once per posting (0002's check read
-- the entry again for each of its lines: n² for a set-based bonus run).
-- See docs/decisions/0006-ledger.md and 0008-set-based-postings.md.
--
-- It runs at commit, outside the money statements' own settings, and a
-- connection keeps its plans: the postings are found by their entry's index
-- whatever the statistics said when it planned, and an entry of a few lines
-- sums them by index lookups in a nested loop (a plan of its own), an entry
-- of many (a close's) with the planner's defaults.
-- See docs/decisions/0049-fast-as-the-books-grow.md.
CREATE OR REPLACE FUNCTION ledger_check_entry() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = on SET enable_mergejoin = on SET jit = off AS $$
DECLARE
  unbalanced text;
  lines integer;
BEGIN
  SELECT count(*) INTO lines FROM postings WHERE entry_id = NEW.id;
  IF lines < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s); an entry moves money between at least two accounts', NEW.id, lines USING ERRCODE = '23514';
  END IF;
  IF lines <= 64 THEN
    -- For this function only (its SET clauses restore them when it returns).
    PERFORM set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true);
    SELECT a.unit INTO unbalanced
      FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE p.entry_id = NEW.id
     GROUP BY a.unit
    HAVING sum(p.amount) <> 0
     LIMIT 1;
  ELSE
    SELECT a.unit INTO unbalanced
      FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE p.entry_id = NEW.id
     GROUP BY a.unit
    HAVING sum(p.amount) <> 0
     LIMIT 1;
  END IF;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero in %', NEW.id, unbalanced USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
