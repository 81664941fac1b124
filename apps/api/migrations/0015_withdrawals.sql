-- Withdrawals (issue 11): two-factor sign-in, whitelisted addresses with a
-- hold, withdrawal requests, admin decisions and on-chain payouts that never
-- pay twice. See docs/decisions/0014-withdrawals-and-payouts.md.

-- TOTP: the secret only ever stored encrypted (AES-256-GCM, key from the
-- environment). last_used_step makes every code single-use: a code is
-- accepted only for a time step above the last one accepted.
CREATE TABLE two_factor (
  user_id        bigint PRIMARY KEY REFERENCES users (id),
  secret_enc     text NOT NULL,
  enabled_at     timestamptz,
  last_used_step bigint,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- Recovery codes, stored as SHA-256 hashes, each usable once.
CREATE TABLE two_factor_recovery_codes (
  user_id   bigint NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  used_at   timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- Saved (whitelisted) withdrawal addresses. A removed or replaced address
-- keeps its row: the admin sees the whole history.
CREATE TABLE withdrawal_addresses (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES members (user_id),
  address     text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  label       text,
  usable_from timestamptz NOT NULL,
  created_at  timestamptz NOT NULL,
  removed_at  timestamptz
);
CREATE UNIQUE INDEX withdrawal_addresses_live_key ON withdrawal_addresses (user_id, lower(address)) WHERE removed_at IS NULL;
CREATE INDEX withdrawal_addresses_user_idx ON withdrawal_addresses (user_id, id);

CREATE TABLE withdrawals (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES members (user_id),
  amount           numeric(40, 0) NOT NULL CHECK (amount > 0),
  fee              numeric(40, 0) NOT NULL CHECK (fee >= 0 AND fee < amount),
  address          text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  status           text NOT NULL CHECK (status IN ('pending', 'approved', 'paid', 'rejected', 'failed', 'refunded')),
  entry_id         bigint NOT NULL REFERENCES journal_entries (id),
  reason           text,
  decided_by       bigint REFERENCES users (id),
  decided_at       timestamptz,
  settle_entry_id  bigint REFERENCES journal_entries (id),
  tx_hash          text,
  block_number     bigint,
  paid_at          timestamptz,
  created_at       timestamptz NOT NULL
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);

-- The payout of an approved withdrawal, run by a job in any API process
-- (one at a time per hot wallet, under an advisory lock). At most one live
-- payout per withdrawal; its nonce is reserved in a committed transaction
-- before anything is signed, and no two payouts share one.
CREATE TABLE payouts (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  status        text NOT NULL CHECK (status IN ('queued', 'signed', 'broadcast', 'mined', 'paid', 'failed')),
  chain_id      bigint NOT NULL,
  wallet        text NOT NULL,
  to_address    text NOT NULL,
  amount        numeric(40, 0) NOT NULL CHECK (amount > 0),
  nonce         bigint,
  tx_hash       text,
  block_number  bigint,
  error         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payouts_nonce_key UNIQUE (chain_id, wallet, nonce)
);
CREATE UNIQUE INDEX payouts_one_live ON payouts (withdrawal_id) WHERE status <> 'failed';
CREATE INDEX payouts_status_idx ON payouts (status, id);

-- Every signed transaction of a payout (the first and its fee-bumped
-- replacements, all at the payout's nonce), stored before it is broadcast.
CREATE TABLE payout_transactions (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payout_id       bigint NOT NULL REFERENCES payouts (id),
  tx_hash         text NOT NULL UNIQUE,
  raw             text NOT NULL,
  max_fee_per_gas numeric(40, 0) NOT NULL,
  priority_fee    numeric(40, 0) NOT NULL,
  created_at      timestamptz NOT NULL,
  broadcast_at    timestamptz
);
CREATE INDEX payout_transactions_payout_idx ON payout_transactions (payout_id, id);

-- Who runs the payouts of one hot wallet: a lease renewed at every step, so
-- any API process may run the job but never two at once for one wallet, and
-- a dead process's lease simply runs out.
CREATE TABLE payout_leases (
  chain_id    bigint NOT NULL,
  wallet      text NOT NULL,
  holder      text NOT NULL,
  lease_until timestamptz NOT NULL,
  PRIMARY KEY (chain_id, wallet)
);
