-- Trigger members_keep_wallet_owners (AFTER DELETE ON members, per
-- statement; migration 0038_close_at_scale_owner_check.sql): a member who
-- owns a ledger account cannot be deleted, what the foreign key
-- ledger_accounts.owner_id → members refused before 0038 replaced it with a
-- check per statement (ledger_guard_new_accounts.sql).
-- See docs/decisions/0045-close-under-ten-seconds.md.
CREATE OR REPLACE FUNCTION ledger_guard_owners() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner bigint;
BEGIN
  SELECT o.user_id INTO owner FROM old_members o
   WHERE EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_id = o.user_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'member % owns ledger accounts and cannot be deleted', owner USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $$;
