-- The zero-sum rule, checked once per entry instead of once per posting.
--
-- 0002 checked every entry at commit from a trigger on each posting, which
-- reads the entry's postings again for each of them: n² for an entry of n
-- lines (a set-based bonus run). Now postings may join an entry only in the
-- transaction that created it, and the entry itself is checked once, at
-- commit, from a deferred trigger on journal_entries.

ALTER TABLE journal_entries ADD COLUMN created_xid xid8 NOT NULL DEFAULT pg_current_xact_id();

CREATE OR REPLACE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM journal_entries WHERE id = NEW.entry_id AND created_xid = pg_current_xact_id()) THEN
    RAISE EXCEPTION 'postings join an entry only in the transaction that creates it (entry %)', NEW.entry_id USING ERRCODE = 'P0001';
  END IF;
  UPDATE ledger_accounts SET balance = balance + NEW.amount
   WHERE id = NEW.account_id AND kind = 'member'
  RETURNING balance INTO NEW.balance_after;
  RETURN NEW;
END $$;

DROP TRIGGER postings_balanced ON postings;
DROP FUNCTION ledger_check_balanced();

CREATE FUNCTION ledger_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry();
