-- A refused purchase of a group (plan_purchase_one.sql): its Idempotency-Key
-- released (ledger_release_key.sql); its refusal returned as that purchase's outcome.
-- See docs/decisions/0025-group-commit-for-the-hot-money-paths.md.
CREATE OR REPLACE FUNCTION plan_purchase_refused(buyer_id bigint, idem_key text, refused text, detail text) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF idem_key IS NOT NULL THEN
    PERFORM ledger_release_key(buyer_id, 'purchase', idem_key);
  END IF;
  RETURN jsonb_build_object('refused', refused, 'detail', detail);
END $$;
