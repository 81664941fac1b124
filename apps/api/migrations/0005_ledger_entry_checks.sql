-- The zero-sum rule, checked once per entry instead of once per posting.
--
-- 0002 checked every entry at commit from a trigger on each posting, which
-- reads the entry's postings again for each of them: n² for an entry of n
-- lines (a set-based bonus run). Now postings may join an entry only in the
-- transaction that created it, and the entry itself is checked once, at
-- commit, from a deferred trigger on journal_entries.

ALTER TABLE journal_entries ADD COLUMN created_xid xid8 NOT NULL DEFAULT pg_current_xact_id();

-- The check is ledger_check_entry (apps/api/sql/functions/, there before
-- this runs: docs/decisions/0029-sql-functions-one-file-each.md). The
-- rule that postings join only an entry of their own transaction is checked
-- by the posting trigger since 0006 (ledger_apply_postings.sql). 0002's
-- per-posting check and its function go; a database that never had them
-- (created after 0029) has nothing to drop.
DROP TRIGGER IF EXISTS postings_balanced ON postings;
DROP FUNCTION IF EXISTS ledger_check_balanced();

CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry();
