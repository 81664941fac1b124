-- Constraint trigger journal_entries_not_own (deferred, AFTER INSERT ON
-- journal_entries WHEN the entry is an admin's adjustment or refund;
-- migration 0041_own_money.sql): an admin's adjustment, or the refund of a
-- withdrawal or redemption an admin decided, never posts to a wallet of
-- that admin (docs/decisions/0050-no-admin-acts-on-their-own-money.md).
-- Checked at commit, once the entry's postings exist. Raised as PT403
-- OWN_MONEY (shared/own-money.ts).
CREATE OR REPLACE FUNCTION ledger_refuse_own_adjustment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE p.entry_id = NEW.id AND a.owner_id = NEW.actor_id
  ) THEN
    RAISE EXCEPTION 'OWN_MONEY' USING ERRCODE = 'PT403',
      DETAIL = format('Journal entry %s (%s) by user %s moves their own wallet: another admin must do it.', NEW.id, NEW.type, NEW.actor_id);
  END IF;
  RETURN NULL;
END $$;
