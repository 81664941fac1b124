-- Trigger audit_log_chained (BEFORE INSERT ON audit_log, per row; migration
-- 0045_audit_chain.sql, docs/decisions/0054-audit-chain.md): gives every new
-- audit entry the next position of the chain and its hash, linked to the
-- entry before it. The UPDATE of the one row of audit_chain_head locks it to
-- the end of the transaction, so concurrent transactions append one after
-- the other and never link two entries to the same predecessor; a
-- transaction that rolls back gives its positions back with the head.
-- Whatever an INSERT says for chain_position or hash is replaced here.
CREATE OR REPLACE FUNCTION audit_chain_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous bytea;
BEGIN
  UPDATE audit_chain_head SET position = position + 1
   RETURNING position, hash INTO NEW.chain_position, previous;
  NEW.hash := audit_entry_hash(previous, NEW.chain_position, NEW.id, NEW.actor_id, NEW.action, NEW.target_type,
                               NEW.target_id, NEW.details, NEW.ip, NEW.created_at);
  UPDATE audit_chain_head SET hash = NEW.hash;
  RETURN NEW;
END $$;
