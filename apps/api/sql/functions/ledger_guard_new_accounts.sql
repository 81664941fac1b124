-- Trigger ledger_accounts_start_at_zero (AFTER INSERT ON ledger_accounts,
-- per statement, migration 0002_ledger.sql): a new member wallet starts at a
-- zero balance and a system account with none, so money appears only
-- through postings. Since 0038 it also checks, once per statement, that
-- each new wallet's owner is a member (the foreign key did it row by row;
-- ledger_guard_owners.sql keeps such a member from being deleted).
-- See docs/decisions/0006-ledger.md and 0045-close-under-ten-seconds.md.
CREATE OR REPLACE FUNCTION ledger_guard_new_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM new_accounts WHERE balance IS DISTINCT FROM CASE kind WHEN 'member' THEN 0 END) THEN
    RAISE EXCEPTION 'a new ledger account starts with a zero balance' USING ERRCODE = 'P0001';
  END IF;
  SELECT n.owner_id INTO owner FROM new_accounts n
   WHERE n.owner_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM members m WHERE m.user_id = n.owner_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger account owner % is not a member', owner USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $$;
