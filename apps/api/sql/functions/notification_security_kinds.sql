-- The notification kinds about an account's security (contract `securityChangeKinds`): always mailed, at once,
-- never turned off (migration 0054_notification_mails.sql's check, and mails_of_notifications).
CREATE OR REPLACE FUNCTION notification_security_kinds() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['password_changed', 'password_reset', 'two_factor_on', 'two_factor_off',
               'withdrawal_address_added', 'withdrawal_address_removed']::text[]
$$;
