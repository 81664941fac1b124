-- An audit log that shows tampering (docs/decisions/0054-audit-chain.md):
-- every entry holds its position in one chain and a hash of its content and
-- of the entry before it (audit_entry_hash, apps/api/sql/functions/). The
-- trigger audit_log_chained computes both in the inserting transaction, in
-- the database, so PGlite and PostgreSQL write the same chain; the head row
-- serialises appends. `npm run audit:verify` and the verification job
-- (apps/api/src/audit/verify-chain.ts) recompute it.
ALTER TABLE audit_log ADD COLUMN chain_position bigint, ADD COLUMN hash bytea;

-- The chain's last position and hash: the trigger's lock, and the end a
-- verifier compares the last entry with (an entry deleted at the end leaves
-- the head ahead of the entries).
CREATE TABLE audit_chain_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  position bigint NOT NULL,
  hash     bytea NOT NULL
);

-- Backfill: the entries already written, chained in id order.
UPDATE audit_log l SET chain_position = n.position
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS position FROM audit_log) n
 WHERE n.id = l.id;
DO $$
DECLARE
  previous bytea := '\x'::bytea;
  entry audit_log;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY chain_position LOOP
    previous := audit_entry_hash(previous, entry.chain_position, entry.id, entry.actor_id, entry.action,
                                 entry.target_type, entry.target_id, entry.details, entry.ip, entry.created_at);
    UPDATE audit_log SET hash = previous WHERE id = entry.id;
  END LOOP;
  INSERT INTO audit_chain_head (position, hash) VALUES ((SELECT count(*) FROM audit_log), previous);
END $$;

ALTER TABLE audit_log ALTER COLUMN chain_position SET NOT NULL, ALTER COLUMN hash SET NOT NULL;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_one_per_position UNIQUE (chain_position);

-- The trigger's function: audit_chain_append (apps/api/sql/functions/).
CREATE TRIGGER audit_log_chained BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_chain_append();

-- What the verification job last found (apps/api/src/audit/verification.ts):
-- the chain is whole up to verified_position (the entry and its hash, so the
-- next pass starts there and sees that entry rewritten), how far the daily
-- check of the whole chain has come (sweep_*, NULL between two), and where
-- it first did not match, if it did not. One row.
CREATE TABLE audit_chain_verified (
  only_row          boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  verified_position bigint NOT NULL DEFAULT 0,
  verified_hash     bytea NOT NULL DEFAULT '\x'::bytea,
  checked_at        timestamptz,
  full_check_at     timestamptz,
  sweep_position    bigint,
  sweep_hash        bytea,
  broken_position   bigint,
  broken_entry_id   bigint,
  broken_reason     text,
  broken_at         timestamptz
);
INSERT INTO audit_chain_verified DEFAULT VALUES;
