-- Support views (docs/decisions/0069-support-views-read-only.md): an admin with two-factor sees a
-- member's pages through a session of the member's account that carries the admin's id. Its token
-- is read-only (apps/api/src/platform/http/guard.ts); the column tells the member's lists of
-- sign-ins a view from a sign-in, and names the admin in the member's security log.
ALTER TABLE auth_sessions ADD COLUMN viewed_by bigint REFERENCES users (id);

-- The view itself is a line of the member's security log.
ALTER TABLE security_events DROP CONSTRAINT security_events_kind_check;
ALTER TABLE security_events ADD CONSTRAINT security_events_kind_check
  CHECK (kind IN ('password_changed', 'password_reset', 'two_factor_on', 'two_factor_off',
                  'withdrawal_address_added', 'withdrawal_address_removed',
                  'session_ended', 'other_sessions_ended', 'viewed_by_support'));
