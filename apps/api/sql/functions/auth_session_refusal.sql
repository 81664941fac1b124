-- The guard's session rule (platform/http/guard.ts, auth/sessions.ts findSessionState)
-- for a request that left it to its statement (the member dashboard,
-- dashboard/member.ts; ledger_request_gate.sql for the grouped money paths):
-- SESSION_ENDED unless the session is live, the user's and the account
-- active; NOT_A_MEMBER for an account outside the network; NULL when the
-- request may go on. Returned, not raised, so a refusal ends one request of a
-- group and none of the others
-- (docs/decisions/0013b-quiet-hot-path.md, 0025-group-commit-for-the-hot-money-paths.md).
--
-- PL/pgSQL, not LANGUAGE sql: PostgreSQL cannot inline an SQL function with a
-- FROM clause, and plans its body again on every statement that calls it
-- (about 0.3 ms of the server's CPU, the member dashboard's statement costing
-- twice what it did without it); PL/pgSQL keeps its plan per connection
-- (docs/decisions/0048-dashboard-cpu-per-answer.md).
CREATE OR REPLACE FUNCTION auth_session_refusal(session_id uuid, expected_user bigint) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT CASE
             WHEN s.id IS NULL OR s.revoked_at IS NOT NULL OR s.user_id <> expected_user OR u.status <> 'active' THEN 'SESSION_ENDED'
             WHEN m.user_id IS NULL THEN 'NOT_A_MEMBER'
           END
      FROM (SELECT session_id AS id) wanted
      LEFT JOIN auth_sessions s ON s.id = wanted.id
      LEFT JOIN users u ON u.id = s.user_id
      LEFT JOIN members m ON m.user_id = s.user_id);
END
$$;
