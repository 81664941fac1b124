-- The Idempotency-Key claim of every path that takes one: runIdempotent
-- (apps/api/src/ledger/idempotency.ts) and the group statements'
-- ledger_request_gate.sql (transfers and purchases). The first request with
-- a key claims it (NULL); a repeat, waiting on the first until it commits,
-- gets what the first stored: {replayed: true, hash, status, response}
-- (status NULL while the first has not finished). A key the first request
-- released (ledger_release_key.sql) is claimed anew.
-- See docs/decisions/0025-group-commit-for-the-hot-money-paths.md.
CREATE OR REPLACE FUNCTION ledger_claim_key(claim_user bigint, claim_operation text, claim_key text, claim_hash text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored record;
BEGIN
  INSERT INTO idempotency_keys (user_id, operation, key, request_hash) VALUES (claim_user, claim_operation, claim_key, claim_hash)
    ON CONFLICT (user_id, operation, key) DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT k.request_hash, k.status_code, k.response INTO stored
    FROM idempotency_keys k WHERE k.user_id = claim_user AND k.operation = claim_operation AND k.key = claim_key;
  RETURN jsonb_build_object('replayed', true, 'hash', stored.request_hash, 'status', stored.status_code, 'response', stored.response);
END $$;
