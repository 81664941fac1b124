-- Postings move balances once per statement instead of once per posting.
-- See docs/decisions/0008-set-based-postings.md.
--
-- 0002 moved a wallet's balance from a trigger on each posting: one UPDATE
-- statement per line, about 45 µs each, so a daily close crediting 500,000
-- wallets spent half a minute there alone. Now the inserting statement states
-- each member posting's balance_after (its locked wallet's balance plus the
-- line), and one statement-level trigger moves every touched balance with a
-- single UPDATE, then refuses the statement unless every balance_after is
-- exactly the wallet's new balance.
-- The rules stay the database's: a balance moves only with postings, never
-- below zero, and every balance_after is the truth.
--
-- The same trigger checks, once per statement, what the postings' foreign
-- keys checked once per line (about 4 µs each, a posting's largest cost
-- after the balance): every posting names an entry of this transaction and
-- an account that exists. Neither entries nor accounts can ever be deleted
-- (0002's triggers), so nothing a foreign key guarded is left unguarded.

-- 0002's row trigger and its function, where a database still has them
-- (one created after docs/decisions/0029-sql-functions-one-file-each.md never did).
DROP TRIGGER IF EXISTS postings_apply ON postings;
DROP FUNCTION IF EXISTS ledger_apply_posting();
ALTER TABLE postings DROP CONSTRAINT postings_entry_id_fkey, DROP CONSTRAINT postings_account_id_fkey;

-- Only system accounts have a code: a unique index over the others' NULLs
-- was one more index entry to write for every wallet created or moved.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_code_key;
CREATE UNIQUE INDEX ledger_accounts_code_key ON ledger_accounts (code) WHERE code IS NOT NULL;

-- The trigger's function: ledger_apply_postings (apps/api/sql/functions/).
CREATE TRIGGER postings_apply AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();

-- Balances are the most updated rows of all: half of each page is left free
-- so that a balance update finds room beside its row (a HOT update, no index
-- entries to write), even for a wallet created and credited in one close.
ALTER TABLE ledger_accounts SET (fillfactor = 50);
