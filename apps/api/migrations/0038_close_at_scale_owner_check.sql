-- The daily close of a 1,000,000-member network under 10 s
-- (docs/decisions/0045-close-under-ten-seconds.md, docs/performance.md
-- "The daily close").
--
-- 1. A wallet's owner is checked once per statement, not once per row.
-- The foreign key ledger_accounts.owner_id → members cost a lookup and a
-- row lock (FOR KEY SHARE, written to the member's row and to the WAL) for
-- every wallet created, and the same again when the wallet's balance first
-- moved in the transaction that created it (PostgreSQL checks a foreign key
-- again on any update of a row inserted by the same transaction): two per
-- wallet a first close creates and credits, about a quarter of that close.
-- ledger_guard_new_accounts.sql now checks every new wallet's owner with
-- the statement that creates it (a wallet never changes owner:
-- ledger_guard_account.sql), and ledger_guard_owners.sql refuses to delete a
-- member who owns a wallet, as the foreign key did (nothing deletes members
-- today). As 0006 and 0007 did for postings and matching records.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner_id_fkey;
CREATE TRIGGER members_keep_wallet_owners AFTER DELETE ON members
  REFERENCING OLD TABLE AS old_members FOR EACH STATEMENT EXECUTE FUNCTION ledger_guard_owners();

-- 2. The guard of an account runs only when it has something to refuse.
-- Every balance the posting trigger moves called ledger_guard_account
-- (PL/pgSQL) for its row: half a million calls in a close. The same rules
-- as a WHEN condition, evaluated without a function call: the function runs
-- (and refuses) only when what an account is changes, or a balance moves
-- outside a trigger (depth 0 here is depth 1 inside the function).
DROP TRIGGER ledger_accounts_guard ON ledger_accounts;
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW
  WHEN (NEW.kind IS DISTINCT FROM OLD.kind OR NEW.owner_id IS DISTINCT FROM OLD.owner_id
        OR NEW.wallet IS DISTINCT FROM OLD.wallet OR NEW.code IS DISTINCT FROM OLD.code
        OR NEW.unit IS DISTINCT FROM OLD.unit
        OR (NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 1))
  EXECUTE FUNCTION ledger_guard_account();
