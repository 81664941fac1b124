-- One lifecycle per money object (docs/decisions/0058-money-lifecycles.md):
-- a status changes only by a transition of its object's table. The tables are
-- in the code (apps/api/src/withdrawals/lifecycle.ts,
-- apps/api/src/withdrawals/payout/lifecycle.ts, apps/api/src/redemptions/lifecycle.ts,
-- apps/api/src/deposits/lifecycle.ts) and in money_transitions()
-- (apps/api/sql/functions/), held equal by a test; these triggers refuse
-- any other change of status. One check per statement, on the statement's
-- old and new rows, so a bulk approval pays it once.
CREATE TRIGGER withdrawals_lifecycle AFTER UPDATE ON withdrawals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION money_refuse_transition('apps/api/src/withdrawals/lifecycle.ts');

CREATE TRIGGER payouts_lifecycle AFTER UPDATE ON payouts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION money_refuse_transition('apps/api/src/withdrawals/payout/lifecycle.ts');

CREATE TRIGGER redemptions_lifecycle AFTER UPDATE ON redemptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION money_refuse_transition('apps/api/src/redemptions/lifecycle.ts');

CREATE TRIGGER deposits_lifecycle AFTER UPDATE ON deposits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION money_refuse_transition('apps/api/src/deposits/lifecycle.ts');
