-- The support views an admin has open, found at once when the admin is blocked, signs out everywhere or loses
-- the role (apps/api/src/auth/sessions.ts revokeUserSessions, revokeSupportViewsBy): they end with the admin's own.
CREATE INDEX auth_sessions_open_views_by ON auth_sessions (viewed_by) WHERE viewed_by IS NOT NULL AND revoked_at IS NULL;
