-- Trigger ledger_accounts_start_at_zero (AFTER INSERT ON ledger_accounts,
-- per statement, migration 0002_ledger.sql): a new member wallet starts at a
-- zero balance and a system account with none, so money appears only
-- through postings. See docs/decisions/0006-ledger.md.
CREATE OR REPLACE FUNCTION ledger_guard_new_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_accounts WHERE balance IS DISTINCT FROM CASE kind WHEN 'member' THEN 0 END) THEN
    RAISE EXCEPTION 'a new ledger account starts with a zero balance' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $$;
