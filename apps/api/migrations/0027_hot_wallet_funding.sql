-- The portal funds its own hot wallet (docs/decisions/0034-the-portal-funds-its-hot-wallet.md).

-- USDT an operator sent to the portal's wallets from an outside address,
-- booked by an admin (apps/api/src/deposits/book-capital.ts): the other
-- side of the treasury account's posting, the company's own money.
INSERT INTO ledger_accounts (kind, code, unit) VALUES ('system', 'operator_capital', 'USDT');

-- Moves of USDT from the treasury to the hot wallet that the portal signs
-- where it holds the treasury's key (apps/api/src/deposits/move-from-treasury.ts).
-- Like a consolidation's transactions: signed, recorded with nonce, hash and
-- bytes, and only then broadcast; a rerun re-sends the recorded bytes.
CREATE TABLE treasury_moves (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id     integer NOT NULL,
  requested_by bigint REFERENCES users (id),
  from_address text NOT NULL,
  to_address   text NOT NULL,
  -- Ledger base units (18 decimals).
  amount       numeric(78, 0) NOT NULL CHECK (amount > 0),
  nonce        integer NOT NULL,
  tx_hash      text NOT NULL UNIQUE,
  raw_tx       text NOT NULL,
  status       text NOT NULL CHECK (status IN ('signed', 'sent', 'confirmed', 'failed')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, from_address, nonce)
);
CREATE INDEX treasury_moves_open_idx ON treasury_moves (chain_id, id) WHERE status IN ('signed', 'sent');
