-- No admin decides on money that is their own
-- (docs/decisions/0050-no-admin-acts-on-their-own-money.md): the rule held
-- by the tables that record each decision, so no route or job can forget it.
-- The functions are in apps/api/sql/functions/ (money_refuse_own_decision,
-- ledger_refuse_own_adjustment).

-- Who queued a payout: the approving admin, the admin who retried it, or
-- NULL for the portal itself (automatic approval).
ALTER TABLE payouts ADD COLUMN queued_by bigint REFERENCES users (id);

-- An approval, the first or the second, never by the withdrawal's owner.
CREATE TRIGGER withdrawal_approvals_not_own BEFORE INSERT ON withdrawal_approvals
  FOR EACH ROW EXECUTE FUNCTION money_refuse_own_decision('admin_id', 'withdrawal_id');

-- A payout (approval or retry) never queued by the withdrawal's owner.
CREATE TRIGGER payouts_not_own BEFORE INSERT ON payouts
  FOR EACH ROW WHEN (NEW.queued_by IS NOT NULL) EXECUTE FUNCTION money_refuse_own_decision('queued_by', 'withdrawal_id');

-- A decision (approval, rejection) never by the owner.
CREATE TRIGGER withdrawals_not_own_decision BEFORE UPDATE ON withdrawals
  FOR EACH ROW WHEN (NEW.decided_by IS DISTINCT FROM OLD.decided_by)
  EXECUTE FUNCTION money_refuse_own_decision('decided_by', 'user_id');
CREATE TRIGGER redemptions_not_own_decision BEFORE UPDATE ON redemptions
  FOR EACH ROW WHEN (NEW.decided_by IS DISTINCT FROM OLD.decided_by)
  EXECUTE FUNCTION money_refuse_own_decision('decided_by', 'member_id');

-- An admin's adjustment, or a refund an admin caused, never moves a wallet of that admin.
CREATE CONSTRAINT TRIGGER journal_entries_not_own AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.actor_id IS NOT NULL AND NEW.type IN ('adjustment', 'withdrawal_refund', 'redemption_refund'))
  EXECUTE FUNCTION ledger_refuse_own_adjustment();
