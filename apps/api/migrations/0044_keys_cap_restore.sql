-- Keys only where they sign (docs/decisions/0053-keys-only-where-they-sign.md):
-- an admin action that signs (a move from the treasury, a consolidation),
-- asked of a web process that holds no key, is recorded here; the process
-- that runs the jobs takes it (FOR UPDATE SKIP LOCKED), does it with its
-- keys and stores the answer (or the refusal) the web process then gives.
CREATE TABLE signing_requests (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('treasury_move', 'consolidation')),
  actor        jsonb NOT NULL,
  input        jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'running', 'done', 'failed', 'abandoned')),
  answer       jsonb,
  error        jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  taken_at     timestamptz,
  finished_at  timestamptz
);
CREATE INDEX signing_requests_open_idx ON signing_requests (id) WHERE status = 'requested';

-- The hot wallet's ceiling (the hotWalletCap setting): what it holds above
-- the cap goes back to the treasury, signed by the hot wallet under the
-- payout lease at the wallet's next nonce, recorded before it is sent
-- (chain/recorded-tx.ts) so that a crash re-sends the same bytes.
CREATE TABLE hot_wallet_returns (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id      integer NOT NULL,
  from_address  text NOT NULL,
  to_address    text NOT NULL,
  amount        numeric(40, 0) NOT NULL CHECK (amount > 0),
  nonce         bigint NOT NULL,
  tx_hash       text NOT NULL UNIQUE,
  raw_tx        text NOT NULL,
  status        text NOT NULL CHECK (status IN ('signed', 'sent', 'confirmed', 'failed')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, from_address, nonce)
);

-- A restore that never pays twice (backup/backup.ts, withdrawals/payout/after-restore.ts):
-- `npm run db:restore` records the payouts approved and not yet paid in the
-- backup; the payout job pays nothing until it has read the hot wallet's
-- transfers on chain from the backup's block and matched each of them:
-- found, it is settled as paid; not found, it is released.
CREATE TABLE restore_checks (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  restored_at  timestamptz NOT NULL DEFAULT now(),
  -- The deposit watcher's cursor in the backup: no block the old portal signed in after it is before it.
  from_block   bigint,
  -- The head when the check first ran: read once it is final.
  to_block     bigint,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
  finished_at  timestamptz
);

CREATE TABLE restore_check_payouts (
  check_id      bigint NOT NULL REFERENCES restore_checks (id),
  payout_id     bigint NOT NULL REFERENCES payouts (id),
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  outcome       text CHECK (outcome IN ('found', 'released')),
  tx_hash       text,
  block_number  bigint,
  PRIMARY KEY (check_id, payout_id)
);
