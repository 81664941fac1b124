-- A balance moves by a heap-only (HOT) update again. The partial index of 0052_refunds.sql named `balance` in its
-- predicate, and PostgreSQL makes no HOT update of a row when a column an index reads (its predicate included)
-- changes: every posting wrote new entries into every index of ledger_accounts, and the hot wallets' index pages
-- filled with dead entries that each lookup walked. This index names only columns a posting never changes; "does
-- anyone owe?" (ledger_repay_owed.sql) reads the few owed wallets it lists, and their balances.
-- See docs/performance.md, "Balances updated in place again".
DROP INDEX ledger_accounts_owing_idx;
CREATE INDEX ledger_accounts_owed_idx ON ledger_accounts (owner_id) WHERE wallet = 'owed';
