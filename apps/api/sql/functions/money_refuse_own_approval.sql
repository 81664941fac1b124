-- Trigger function of withdrawal_approvals_not_own and payouts_not_own
-- (AFTER INSERT, per statement, the new rows as the transition table
-- `inserted`; migration 0046_own_money_per_statement.sql): no approval of a
-- withdrawal, and no payout queued for it, by the withdrawal's owner
-- (docs/decisions/0050-no-admin-acts-on-their-own-money.md). One query per
-- statement rather than a lookup per row: a bulk approval inserts 1,000 of
-- each. A statement with one such row fails whole. Raised as PT403 OWN_MONEY
-- (shared/own-money.ts).
CREATE OR REPLACE FUNCTION money_refuse_own_approval() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  admin_id bigint;
BEGIN
  IF TG_TABLE_NAME = 'withdrawal_approvals' THEN
    SELECT n.admin_id INTO admin_id FROM inserted n JOIN withdrawals w ON w.id = n.withdrawal_id
     WHERE n.admin_id = w.user_id LIMIT 1;
  ELSE
    SELECT n.queued_by INTO admin_id FROM inserted n JOIN withdrawals w ON w.id = n.withdrawal_id
     WHERE n.queued_by = w.user_id LIMIT 1;
  END IF;
  IF admin_id IS NOT NULL THEN
    RAISE EXCEPTION 'OWN_MONEY' USING ERRCODE = 'PT403',
      DETAIL = format('%s of user %s is their own: another admin must decide on it.', TG_TABLE_NAME, admin_id);
  END IF;
  RETURN NULL;
END $$;
