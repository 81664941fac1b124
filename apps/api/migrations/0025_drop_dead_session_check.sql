-- auth_check_session (0014, rewritten in 0018) raised the guard's session
-- refusals for the one-request money functions ledger_transfer and
-- plan_purchase. Those were dropped in 0018 and 0019; the group functions
-- in force ask auth_session_refusal (apps/api/sql/functions/) instead, and
-- nothing calls it any more (no function file, no statement of apps/api or
-- bench names it). A database created after
-- docs/decisions/0029-sql-functions-one-file-each.md never had it.
DROP FUNCTION IF EXISTS auth_check_session(uuid, bigint);
