-- Trigger audit_log_head_taken (BEFORE INSERT ON audit_log, per statement;
-- migration 0045_audit_chain_head_per_statement.sql,
-- docs/decisions/0054-audit-chain.md): locks the one row of
-- audit_chain_head to the end of the transaction, so concurrent transactions
-- append one after the other, and copies it into the transaction-local
-- setting audit_chain.head ('<transaction id>:<position>:<hash in hex>'),
-- which audit_chain_append advances entry by entry and audit_chain_put_head
-- writes back at the end of the statement: one write of the head per
-- statement, not one per entry. The row is the truth between statements;
-- only an insert nested in another's statement (a writable CTE, a function
-- it calls) finds the setting ahead of it, and goes on from there.
CREATE OR REPLACE FUNCTION audit_chain_take_head() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  running text[] := string_to_array(current_setting('audit_chain.head', true), ':');
  xact text := pg_current_xact_id()::text;
  head_position bigint;
  head_hash bytea;
BEGIN
  SELECT position, hash INTO head_position, head_hash FROM audit_chain_head FOR UPDATE;
  IF running[1] = xact AND running[2]::bigint > head_position THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('audit_chain.head', concat_ws(':', xact, head_position, encode(head_hash, 'hex')), true);
  RETURN NULL;
END $$;
