-- Autovacuum settings fit for the tables that grow fastest (PostgreSQL; a
-- PGlite database keeps them unread: apps/api/src/db/upkeep.ts keeps it).
-- See docs/decisions/0049-fast-as-the-books-grow.md.
--
-- The ledger's tables only grow: by the default 10 % they would be analyzed
-- after a million new postings once they hold ten million, and vacuumed
-- (their pages marked all-visible, their rows frozen) after 20 %. At 2 %
-- and 5 % each analyze and vacuum reads a small share of a large table, and
-- the statistics stay near what the tables hold.
ALTER TABLE journal_entries SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.05);
ALTER TABLE postings SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.05);
ALTER TABLE transfers SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.05);
ALTER TABLE purchases SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.05);
ALTER TABLE referral_bonuses SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.05);
-- Each Idempotency-Key's row is written twice (claimed, then its answer):
-- half its row versions are dead ones.
ALTER TABLE idempotency_keys SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.05,
  autovacuum_vacuum_insert_scale_factor = 0.05);
-- Every money movement updates wallets' balances (fillfactor 50 leaves room
-- for HOT updates, 0006): vacuumed once 5 % of them are dead versions.
ALTER TABLE ledger_accounts SET (autovacuum_vacuum_scale_factor = 0.05, autovacuum_analyze_scale_factor = 0.05);
