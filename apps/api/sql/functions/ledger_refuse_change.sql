-- Posted records are permanent: the BEFORE UPDATE/DELETE/TRUNCATE triggers
-- of journal_entries, postings, ledger_accounts (delete), transfers,
-- conversions (migration 0002_ledger.sql), purchases, referral_bonuses
-- (0004_plan.sql), matching_bonuses and matching_closes
-- (0007_plan_close_at_scale.sql) call it. A correction is a new, reversing
-- entry. See docs/decisions/0006-ledger.md.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are permanent: post a reversing entry instead', TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
