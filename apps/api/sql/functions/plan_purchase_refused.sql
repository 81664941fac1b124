-- A refused purchase of a group (plan_purchase_one.sql): its Idempotency-Key
-- released, as if the request never came, so a retry with the same key is
-- judged afresh; its refusal returned as that purchase's outcome.
-- See docs/decisions/0025-group-commit-for-the-hot-money-paths.md.
CREATE OR REPLACE FUNCTION plan_purchase_refused(buyer_id bigint, idem_key text, refused text, detail text) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF idem_key IS NOT NULL THEN
    DELETE FROM idempotency_keys k WHERE k.user_id = buyer_id AND k.operation = 'purchase' AND k.key = idem_key;
  END IF;
  RETURN jsonb_build_object('refused', refused, 'detail', detail);
END $$;
