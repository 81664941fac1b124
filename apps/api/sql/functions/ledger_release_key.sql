-- A refused request's Idempotency-Key released, as if the request never
-- came, so a retry with the same key is judged afresh (claimed by
-- ledger_claim_key.sql; released by ledger_transfer_one.sql and
-- plan_purchase_refused.sql, whose refusals undo nothing else of their group).
CREATE OR REPLACE FUNCTION ledger_release_key(claim_user bigint, claim_operation text, claim_key text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM idempotency_keys k WHERE k.user_id = claim_user AND k.operation = claim_operation AND k.key = claim_key;
END $$;
