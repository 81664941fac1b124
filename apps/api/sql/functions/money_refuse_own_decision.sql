-- Trigger function of withdrawals_not_own_decision, withdrawal_approvals_not_own,
-- payouts_not_own and redemptions_not_own_decision (migration
-- 0041_own_money.sql): no admin decides on money that is their own
-- (docs/decisions/0050-no-admin-acts-on-their-own-money.md). TG_ARGV[0] names
-- the column holding the admin, TG_ARGV[1] the one holding the owner, or the
-- withdrawal whose owner it is ('withdrawal_id'). Raised as PT403 OWN_MONEY,
-- which the API answers 403 (shared/own-money.ts); services refuse first
-- with a fuller message, so this is the rule no code path can forget.
CREATE OR REPLACE FUNCTION money_refuse_own_decision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb := to_jsonb(NEW);
  admin_id bigint := (row_json ->> TG_ARGV[0])::bigint;
  owner_id bigint;
BEGIN
  IF admin_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_ARGV[1] = 'withdrawal_id' THEN
    SELECT w.user_id INTO owner_id FROM withdrawals w WHERE w.id = (row_json ->> 'withdrawal_id')::bigint;
  ELSE
    owner_id := (row_json ->> TG_ARGV[1])::bigint;
  END IF;
  IF owner_id = admin_id THEN
    RAISE EXCEPTION 'OWN_MONEY' USING ERRCODE = 'PT403',
      DETAIL = format('%s of user %s is their own: another admin must decide on it.', TG_TABLE_NAME, admin_id);
  END IF;
  RETURN NEW;
END $$;
