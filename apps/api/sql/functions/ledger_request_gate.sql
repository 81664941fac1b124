-- What every request of a money group checks first, before it reads or
-- locks anything (ledger_transfer_one.sql, plan_purchase_one.sql): the
-- request's session, when the API left its check to the statement
-- (auth_session_refusal.sql), then its Idempotency-Key, claimed with
-- ledger_claim_key.sql (a repeated key, even one earlier in the same group,
-- gets what the first request stored). Returns NULL to go on, or what the
-- request answers: {refused: code} or the stored {replayed: true, …}.
-- `q` carries `session` and `hash` as the group statements receive them.
CREATE OR REPLACE FUNCTION ledger_request_gate(q jsonb, request_user bigint, operation text, idem_key text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  refused text;
BEGIN
  IF q ->> 'session' IS NOT NULL THEN
    refused := auth_session_refusal((q ->> 'session')::uuid, request_user);
    IF refused IS NOT NULL THEN
      RETURN jsonb_build_object('refused', refused);
    END IF;
  END IF;
  IF idem_key IS NOT NULL THEN
    RETURN ledger_claim_key(request_user, operation, idem_key, q ->> 'hash');
  END IF;
  RETURN NULL;
END $$;
