-- BEP20 deposits (PRODUCT.md §6, docs/decisions/0012-evm-node-and-deposit-watcher.md).

-- One deposit address per member, derived at m/44'/60'/0'/0/<address_index>
-- on first use; never changes. `address` is lower-case 0x… for matching.
CREATE SEQUENCE deposit_address_index_seq AS integer MINVALUE 0 START 0;
CREATE TABLE deposit_addresses (
  member_id     bigint PRIMARY KEY REFERENCES members (user_id),
  address_index integer NOT NULL UNIQUE CHECK (address_index >= 0),
  address       text NOT NULL UNIQUE CHECK (address ~ '^0x[0-9a-f]{40}$'),
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Every token Transfer to a deposit address, once per (chain, tx, log index).
-- seen: from `latest`, not final; credited: final, in the ledger (entry_id);
-- dropped: its block was reorganised away before finality; below_minimum:
-- final, under the minimum, recorded and not credited.
CREATE TABLE deposits (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id     integer NOT NULL,
  tx_hash      text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index    integer NOT NULL CHECK (log_index >= 0),
  block_number bigint NOT NULL,
  block_hash   text NOT NULL,
  member_id    bigint NOT NULL REFERENCES members (user_id),
  address      text NOT NULL,
  from_address text NOT NULL,
  -- Ledger base units (18 decimals), scaled from the token's decimals.
  amount       numeric(78, 0) NOT NULL CHECK (amount >= 0),
  status       text NOT NULL CHECK (status IN ('seen', 'credited', 'dropped', 'below_minimum')),
  entry_id     bigint REFERENCES journal_entries (id),
  seen_at      timestamptz NOT NULL DEFAULT now(),
  final_at     timestamptz,
  credited_at  timestamptz,
  UNIQUE (chain_id, tx_hash, log_index),
  CHECK ((status = 'credited') = (entry_id IS NOT NULL))
);
CREATE INDEX deposits_member_idx ON deposits (member_id, id DESC);
CREATE INDEX deposits_seen_idx ON deposits (chain_id, block_number) WHERE status = 'seen';
CREATE INDEX deposits_status_idx ON deposits (status, id DESC);
CREATE INDEX deposits_seen_at_idx ON deposits (seen_at DESC, id DESC);
CREATE INDEX deposits_address_idx ON deposits (address);

-- The watcher's cursor and state per chain and token. A process holds the
-- lease (leased_by, leased_until) while it works; the cursor moves only in
-- the transaction that records a range, checked against what was read.
CREATE TABLE chain_watch (
  chain_id      integer NOT NULL,
  token         text NOT NULL,
  final_next    bigint NOT NULL,
  seen_next     bigint NOT NULL,
  latest_block  bigint,
  final_block   bigint,
  finality      text CHECK (finality IN ('finalized', 'confirmations')),
  leased_by     text,
  leased_until  timestamptz,
  checked_at    timestamptz,
  last_error    text,
  last_error_at timestamptz,
  failures      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (chain_id, token)
);

-- Consolidation: sweeps of deposit addresses to the treasury. Every
-- transaction is recorded with its nonce, hash and signed bytes before it is
-- broadcast, so a rerun after a crash re-sends or confirms it, never a second.
CREATE TABLE consolidations (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id    integer NOT NULL,
  status      text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  started_by  bigint REFERENCES users (id),
  threshold   numeric(78, 0) NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  error       text
);
-- One consolidation at a time.
CREATE UNIQUE INDEX consolidations_one_running ON consolidations ((true)) WHERE status = 'running';

CREATE TABLE consolidation_txs (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  consolidation_id bigint NOT NULL REFERENCES consolidations (id),
  kind             text NOT NULL CHECK (kind IN ('gas_topup', 'sweep')),
  address_index    integer,
  from_address     text NOT NULL,
  to_address       text NOT NULL,
  -- Ledger base units for USDT sweeps, wei for BNB top-ups.
  amount           numeric(78, 0) NOT NULL,
  unit             text NOT NULL CHECK (unit IN ('USDT', 'BNB')),
  nonce            integer NOT NULL,
  tx_hash          text NOT NULL UNIQUE,
  raw_tx           text NOT NULL,
  status           text NOT NULL CHECK (status IN ('signed', 'sent', 'confirmed', 'failed')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (from_address, nonce)
);
CREATE INDEX consolidation_txs_consolidation_idx ON consolidation_txs (consolidation_id, id);
