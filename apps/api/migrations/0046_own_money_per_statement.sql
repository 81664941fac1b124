-- The own-money rule of 0041_own_money.sql, checked at less cost
-- (docs/decisions/0050-no-admin-acts-on-their-own-money.md): a bulk approval
-- of 1,000 withdrawals called a PL/pgSQL function 3,000 times, each turning
-- its row into JSON and two of them looking the owner up. The same cases are
-- refused:
-- - approvals and queued payouts, once per statement over the new rows
--   (money_refuse_own_approval, apps/api/sql/functions/);
-- - decisions, by the WHEN clause, which now also compares the decider with
--   the owner, so only a refused row calls the function.
DROP TRIGGER withdrawal_approvals_not_own ON withdrawal_approvals;
CREATE TRIGGER withdrawal_approvals_not_own AFTER INSERT ON withdrawal_approvals
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION money_refuse_own_approval();

DROP TRIGGER payouts_not_own ON payouts;
CREATE TRIGGER payouts_not_own AFTER INSERT ON payouts
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION money_refuse_own_approval();

DROP TRIGGER withdrawals_not_own_decision ON withdrawals;
CREATE TRIGGER withdrawals_not_own_decision BEFORE UPDATE ON withdrawals
  FOR EACH ROW WHEN (NEW.decided_by IS DISTINCT FROM OLD.decided_by AND NEW.decided_by = NEW.user_id)
  EXECUTE FUNCTION money_refuse_own_decision('decided_by', 'user_id');

DROP TRIGGER redemptions_not_own_decision ON redemptions;
CREATE TRIGGER redemptions_not_own_decision BEFORE UPDATE ON redemptions
  FOR EACH ROW WHEN (NEW.decided_by IS DISTINCT FROM OLD.decided_by AND NEW.decided_by = NEW.member_id)
  EXECUTE FUNCTION money_refuse_own_decision('decided_by', 'member_id');
