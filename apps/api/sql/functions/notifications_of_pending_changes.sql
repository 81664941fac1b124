-- A loosening change proposed that waits for a second admin (apps/api/src/changes/propose.ts: needs_confirmation when
-- another active admin could confirm it), told to every active admin but its proposer; migration
-- 0059_admin_notifications.sql. Its summary is not copied: it may hold a full address or an e-mail
-- (apps/api/src/screening/list.ts, apps/api/src/admin-users/admin-powers.ts); the settings' names or the new admin's
-- username are.
CREATE OR REPLACE FUNCTION notifications_of_pending_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT a.id, 'change_pending',
         jsonb_strip_nulls(jsonb_build_object(
           'changeId', n.id, 'change', n.kind, 'proposer', p.username, 'admin', n.payload ->> 'username',
           'settings', CASE WHEN n.kind = 'settings' AND jsonb_typeof(n.payload -> 'changes') = 'object' THEN
             (SELECT string_agg(k, ', ' ORDER BY k) FROM jsonb_object_keys(n.payload -> 'changes') k) END))
    FROM new_rows n JOIN users p ON p.id = n.proposed_by CROSS JOIN notification_admins() a
   WHERE n.status = 'pending' AND n.needs_confirmation AND a.id <> n.proposed_by;
  RETURN NULL;
END;
$$;
