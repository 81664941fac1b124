-- The guard's session rule (http/guard.ts, auth/sessions.ts findSessionState)
-- for a money request that left it to its statement (ledger_transfer_one.sql,
-- plan_purchase_one.sql): SESSION_ENDED unless the session is live, the
-- user's and the account active; NOT_A_MEMBER for an account outside the
-- network; NULL when the request may go on. Returned, not raised, so a
-- refusal ends one request of a group and none of the others
-- (docs/decisions/0013b-quiet-hot-path.md, 0025-group-commit-for-the-hot-money-paths.md).
CREATE OR REPLACE FUNCTION auth_session_refusal(session_id uuid, expected_user bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
           WHEN s.id IS NULL OR s.revoked_at IS NOT NULL OR s.user_id <> expected_user OR u.status <> 'active' THEN 'SESSION_ENDED'
           WHEN m.user_id IS NULL THEN 'NOT_A_MEMBER'
         END
    FROM (SELECT session_id AS id) wanted
    LEFT JOIN auth_sessions s ON s.id = wanted.id
    LEFT JOIN users u ON u.id = s.user_id
    LEFT JOIN members m ON m.user_id = s.user_id
$$;
