-- Proofs of reserves and liabilities (docs/decisions/0064-proof-of-reserves.md,
-- apps/api/src/reserves/): after each close, a Merkle sum tree over every
-- member's balances, its root and totals kept with the USDT held on chain and
-- the hot wallet's signature. The proofs are kept; the tree's buckets and
-- nodes only for the latest one, which is what members download.
CREATE TABLE reserve_proofs (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The close it follows (one proof per close, whichever process builds it); NULL: published by an admin.
  close_date    date UNIQUE REFERENCES matching_closes (close_date),
  published_by  bigint REFERENCES users (id),
  taken_at      timestamptz NOT NULL,
  members       int NOT NULL CHECK (members > 0),
  -- The leaves' buckets: the first `bucket_bits` bits of each leaf's salt.
  bucket_bits   int NOT NULL CHECK (bucket_bits BETWEEN 0 AND 24),
  root          bytea NOT NULL,
  deposit       numeric(40, 0) NOT NULL,
  income        numeric(40, 0) NOT NULL,
  withdrawing   numeric(40, 0) NOT NULL,
  points        numeric(40, 0) NOT NULL,
  -- On chain when the proof was taken, in the ledger's base units: {"treasury", "hotWallet", "depositAddresses", "block"}; NULL: not read.
  held          jsonb,
  message       text NOT NULL,
  signer        text,
  signature     text,
  -- The secret each member's salt is derived from (reserve_salt.sql): never answered, so no one can tell whose a leaf is.
  salt_seed     bytea NOT NULL
);

-- The leaves, a bucket per row, in the bucket's order: whose each is, and the text the bucket's node hashes
-- (each leaf's `hash|deposit|income|withdrawing|points`, joined by `|`: reserve_node_part.sql).
CREATE TABLE reserve_proof_buckets (
  proof_id  bigint NOT NULL REFERENCES reserve_proofs (id),
  bucket    int NOT NULL,
  -- The bucket's node's position on level 1.
  position  int NOT NULL,
  members   bigint[] NOT NULL,
  parts     text NOT NULL,
  PRIMARY KEY (proof_id, bucket)
);

-- Level 1 (one node per bucket) up to the root; a node hashes up to 16 children of the level below.
CREATE TABLE reserve_proof_nodes (
  proof_id     bigint NOT NULL REFERENCES reserve_proofs (id),
  level        int NOT NULL,
  position     int NOT NULL,
  hash         bytea NOT NULL,
  deposit      numeric(40, 0) NOT NULL,
  income       numeric(40, 0) NOT NULL,
  withdrawing  numeric(40, 0) NOT NULL,
  points       numeric(40, 0) NOT NULL,
  PRIMARY KEY (proof_id, level, position)
);

-- The process that holds the hot wallet's key signs a proof an admin publishes from a web process (signing/hand-off.ts).
ALTER TABLE signing_requests DROP CONSTRAINT signing_requests_kind_check;
ALTER TABLE signing_requests ADD CONSTRAINT signing_requests_kind_check
  CHECK (kind IN ('treasury_move', 'consolidation', 'reserve_proof'));
