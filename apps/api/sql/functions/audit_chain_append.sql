-- Trigger audit_log_chained (BEFORE INSERT ON audit_log, per row; migrations
-- 0045_audit_chain.sql and 0045_audit_chain_head_per_statement.sql,
-- docs/decisions/0054-audit-chain.md): gives every new audit entry the next
-- position of the chain and its hash, linked to the entry before it. The
-- head comes from the setting audit_chain.head, which audit_chain_take_head
-- filled at the start of the statement under the lock of audit_chain_head's
-- row; the entry moves it on, and audit_chain_put_head writes it to the row
-- at the end of the statement. The setting is transaction-local, so a
-- rollback (to a savepoint too) gives the positions back with the row.
-- Whatever an INSERT says for chain_position or hash is replaced here.
CREATE OR REPLACE FUNCTION audit_chain_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  running text[] := string_to_array(current_setting('audit_chain.head', true), ':');
  ignored text;
BEGIN
  IF running[1] IS DISTINCT FROM pg_current_xact_id()::text THEN
    RAISE EXCEPTION 'audit_chain.head was not taken in this transaction (trigger audit_log_head_taken)';
  END IF;
  NEW.chain_position := running[2]::bigint + 1;
  NEW.hash := audit_entry_hash(decode(running[3], 'hex'), NEW.chain_position, NEW.id, NEW.actor_id, NEW.action,
                               NEW.target_type, NEW.target_id, NEW.details, NEW.ip, NEW.created_at);
  -- An assignment, not PERFORM: a plain expression, not a query, once per entry.
  ignored := set_config('audit_chain.head', concat_ws(':', running[1], NEW.chain_position, encode(NEW.hash, 'hex')), true);
  RETURN NEW;
END $$;
