-- What a member (or an admin) is told: the bell's list (apps/api/src/notifications/), written by the
-- triggers below in the transaction of the event itself, whatever path made it, so that nothing is
-- announced that did not happen and nothing that happened is lost. `data` holds the event's figures
-- (amounts in base units); the words are made from the kind when read (notifications/describe.ts).
CREATE TABLE notifications (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id),
  kind       text NOT NULL CHECK (kind IN (
               'deposit_credited', 'transfer_received', 'direct_referral', 'rank_reached',
               'withdrawal_approved', 'withdrawal_paid', 'withdrawal_failed', 'withdrawal_rejected', 'withdrawal_refunded',
               'redemption_approved', 'redemption_rejected',
               'password_changed', 'password_reset', 'two_factor_on', 'two_factor_off',
               'withdrawal_address_added', 'withdrawal_address_removed')),
  data       jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at    timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- Money (one statement-level trigger per table and event: a bulk statement writes its notifications in one INSERT).
CREATE TRIGGER deposits_notify_insert AFTER INSERT ON deposits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_deposits();
CREATE TRIGGER deposits_notify_update AFTER UPDATE ON deposits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_deposits();
CREATE TRIGGER withdrawals_notify AFTER UPDATE ON withdrawals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_withdrawals();
CREATE TRIGGER redemptions_notify AFTER UPDATE ON redemptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_redemptions();
CREATE TRIGGER transfers_notify AFTER INSERT ON transfers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_transfers();
-- The network and ranks.
CREATE TRIGGER members_notify AFTER INSERT ON members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_members();
CREATE TRIGGER rank_achievements_notify AFTER INSERT ON rank_achievements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_ranks();
-- Security changes (the security log's own rows, apps/api/src/users/security-events.ts).
CREATE TRIGGER security_events_notify AFTER INSERT ON security_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_security_events();
