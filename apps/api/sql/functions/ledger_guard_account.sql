-- Trigger ledger_accounts_guard (BEFORE UPDATE ON ledger_accounts, migration
-- 0002_ledger.sql): an account never changes what it is (kind, owner, wallet,
-- code, unit), and a balance moves only through a posting. The posting
-- trigger (ledger_apply_postings.sql) moves balances from inside a trigger,
-- at depth 2 here; any other UPDATE of a balance runs at depth 1 and is
-- refused, so no code can move money without a posting.
-- See docs/decisions/0006-ledger.md.
CREATE OR REPLACE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.owner_id IS DISTINCT FROM OLD.owner_id
     OR NEW.wallet IS DISTINCT FROM OLD.wallet OR NEW.code IS DISTINCT FROM OLD.code
     OR NEW.unit IS DISTINCT FROM OLD.unit THEN
    RAISE EXCEPTION 'ledger accounts cannot change what they are' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a balance changes only through a posting' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
