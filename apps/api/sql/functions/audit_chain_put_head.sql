-- Trigger audit_log_head_put (AFTER INSERT ON audit_log, per statement;
-- migration 0045_audit_chain_head_per_statement.sql,
-- docs/decisions/0054-audit-chain.md): writes the head that the statement's
-- entries reached (the setting audit_chain.head, audit_chain_append.sql) to
-- the row of audit_chain_head, which this transaction has held locked since
-- audit_chain_take_head. A statement that added no entry leaves it as it is.
CREATE OR REPLACE FUNCTION audit_chain_put_head() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  running text[] := string_to_array(current_setting('audit_chain.head', true), ':');
BEGIN
  IF running[1] IS DISTINCT FROM pg_current_xact_id()::text THEN
    RETURN NULL;
  END IF;
  UPDATE audit_chain_head SET position = running[2]::bigint, hash = decode(running[3], 'hex')
   WHERE position <> running[2]::bigint OR hash <> decode(running[3], 'hex');
  RETURN NULL;
END $$;
