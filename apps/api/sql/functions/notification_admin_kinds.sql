-- The notification kinds told to every active admin (contract `adminNotificationKinds`): one event writes one row per
-- admin, so webhooks_of_notifications sends an endpoint one delivery per event, not one per admin.
CREATE OR REPLACE FUNCTION notification_admin_kinds() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['withdrawal_waiting', 'redemption_waiting', 'deposit_held', 'payout_failed', 'change_pending']::text[]
$$;
