-- A withdrawal's decisions and outcome, told to its member (migration 0050_notifications.sql): each
-- status change the lifecycle makes (apps/api/src/withdrawals/lifecycle.ts) to approved, paid,
-- failed, rejected or refunded. A failed payout is told to every active admin too, who pays it again
-- or refunds it (migration 0059_admin_notifications.sql).
CREATE OR REPLACE FUNCTION notifications_of_withdrawals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT n.user_id, 'withdrawal_' || n.status,
         jsonb_strip_nulls(jsonb_build_object('withdrawalId', n.id, 'amount', n.amount::text, 'fee', n.fee::text,
                                              'address', n.address, 'txHash', n.tx_hash, 'reason', n.reason))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE n.status IS DISTINCT FROM o.status AND n.status IN ('approved', 'paid', 'failed', 'rejected', 'refunded');
  INSERT INTO notifications (user_id, kind, data)
  SELECT a.id, 'payout_failed',
         jsonb_strip_nulls(jsonb_build_object('withdrawalId', n.id, 'amount', n.amount::text, 'member', u.username,
                                              'reason', n.reason))
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN users u ON u.id = n.user_id CROSS JOIN notification_admins() a
   WHERE n.status = 'failed' AND o.status IS DISTINCT FROM 'failed';
  RETURN NULL;
END;
$$;
