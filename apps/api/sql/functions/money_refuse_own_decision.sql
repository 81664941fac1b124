-- Trigger function of withdrawals_not_own_decision and
-- redemptions_not_own_decision (BEFORE UPDATE, per row; migrations
-- 0041_own_money.sql and 0046_own_money_per_statement.sql): no admin decides
-- on money that is their own
-- (docs/decisions/0050-no-admin-acts-on-their-own-money.md). TG_ARGV[0] names
-- the column holding the admin, TG_ARGV[1] the one holding the owner. The
-- triggers' WHEN clause already picks the rows whose new decider is the
-- owner, so other updates never call this; the check is repeated here so the
-- function refuses nothing else whatever trigger calls it. Raised as PT403
-- OWN_MONEY, which the API answers 403 (shared/own-money.ts); services refuse
-- first with a fuller message, so this is the rule no code path can forget.
CREATE OR REPLACE FUNCTION money_refuse_own_decision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb := to_jsonb(NEW);
  admin_id bigint := (row_json ->> TG_ARGV[0])::bigint;
BEGIN
  IF admin_id = (row_json ->> TG_ARGV[1])::bigint THEN
    RAISE EXCEPTION 'OWN_MONEY' USING ERRCODE = 'PT403',
      DETAIL = format('%s of user %s is their own: another admin must decide on it.', TG_TABLE_NAME, admin_id);
  END IF;
  RETURN NEW;
END $$;
