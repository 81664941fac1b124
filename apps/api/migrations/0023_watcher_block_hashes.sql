-- The deposit watcher checks that the chain it reads on from is the one it
-- has read (docs/decisions/0012-evm-node-and-deposit-watcher.md, "A node
-- behind the cursor, a chain changed under it").

-- A ring of the last block of each recorded final range with its hash,
-- written in the transaction that moves the cursor past the range (the
-- highest row is the block just before `chain_watch.final_next`). The
-- watcher keeps the newest 256; walking back through them finds the last
-- block the portal and the node agree on.
CREATE TABLE chain_watch_blocks (
  chain_id     integer NOT NULL,
  token        text NOT NULL,
  block_number bigint NOT NULL,
  block_hash   text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  recorded_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, token, block_number),
  FOREIGN KEY (chain_id, token) REFERENCES chain_watch (chain_id, token)
);

-- The last time the node stood below the cursor ('behind') or held other
-- blocks than the ones read ('changed'): the block the portal had read up to
-- (stall_block), the block it rescans from,
-- and when it was resolved (the cursor passed stall_block again).
ALTER TABLE chain_watch
  ADD COLUMN stall_reason      text CHECK (stall_reason IN ('behind', 'changed')),
  ADD COLUMN stall_since       timestamptz,
  ADD COLUMN stall_block       bigint,
  ADD COLUMN stall_from        bigint,
  ADD COLUMN stall_resolved_at timestamptz;
