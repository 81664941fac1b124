-- The accounts told of the admins' notification kinds (contract `adminNotificationKinds`, migration
-- 0059_admin_notifications.sql): every active admin, as changes/propose.ts counts who could confirm a change.
CREATE OR REPLACE FUNCTION notification_admins() RETURNS TABLE (id bigint) LANGUAGE sql STABLE AS $$
  SELECT u.id FROM users u WHERE u.role = 'admin' AND u.status = 'active'
$$;
