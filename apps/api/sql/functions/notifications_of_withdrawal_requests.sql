-- A withdrawal that waits for an admin's decision, told to every active admin but its own member (an admin withdrawing
-- for themselves cannot decide it, money_refuse_own_decision.sql). Run by a deferred row trigger (migration
-- 0059_admin_notifications.sql) at commit: a request is inserted `pending` and may be approved automatically in the
-- same transaction (apps/api/src/withdrawals/approvals.ts, approveAutomatically), and only one still pending waits.
CREATE OR REPLACE FUNCTION notifications_of_withdrawal_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT a.id, 'withdrawal_waiting',
         jsonb_build_object('withdrawalId', w.id, 'amount', w.amount::text, 'member', u.username)
    FROM withdrawals w JOIN users u ON u.id = w.user_id CROSS JOIN notification_admins() a
   WHERE w.id = NEW.id AND w.status = 'pending' AND a.id <> w.user_id;
  RETURN NULL;
END;
$$;
