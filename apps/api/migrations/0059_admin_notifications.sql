-- The bell's remaining kinds (issue 40, item 2; docs/decisions/0065-notifications-from-the-event-tables.md,
-- amendment): a deposit seen on the chain, told to the member; and the admins'
-- kinds, told to every active admin (sql/functions/notification_admins.sql) in the event's transaction: a withdrawal
-- or a redemption waiting for a decision, a deposit held, a payout failed, a loosening change waiting for a second
-- admin. The deposits' and withdrawals' triggers of 0050 stay; their functions write the new kinds.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'deposit_seen', 'deposit_credited', 'transfer_received', 'direct_referral', 'rank_reached',
  'withdrawal_approved', 'withdrawal_paid', 'withdrawal_failed', 'withdrawal_rejected', 'withdrawal_refunded',
  'redemption_approved', 'redemption_rejected', 'identity_approved', 'identity_rejected',
  'password_changed', 'password_reset', 'two_factor_on', 'two_factor_off',
  'withdrawal_address_added', 'withdrawal_address_removed',
  'withdrawal_waiting', 'redemption_waiting', 'deposit_held', 'payout_failed', 'change_pending'));

-- A request is inserted `pending` and may be approved automatically before its transaction ends: a deferred row
-- trigger looks at commit whether it still waits (the deferred pattern of 0041_own_money.sql).
CREATE CONSTRAINT TRIGGER withdrawals_notify_waiting AFTER INSERT ON withdrawals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION notifications_of_withdrawal_requests();
CREATE TRIGGER redemptions_notify_insert AFTER INSERT ON redemptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_redemption_requests();
CREATE TRIGGER pending_changes_notify AFTER INSERT ON pending_changes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_pending_changes();
