-- Address screening (docs/decisions/0036-address-screening.md): addresses
-- no withdrawal may go to, and whose deposits are held for an admin.
-- `address` is lower case, so one index answers whatever case was typed.
-- source 'admin': added on /address-screening (removed with a reason, kept
-- for the history); 'file': read from SCREENING_LIST_FILE at each start,
-- replacing the previous start's (apps/api/src/screening/list-file.ts).
CREATE TABLE screened_addresses (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address        text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  source         text NOT NULL CHECK (source IN ('admin', 'file')),
  reason         text NOT NULL,
  created_by     bigint REFERENCES users (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  removed_by     bigint REFERENCES users (id),
  removed_at     timestamptz,
  removal_reason text,
  CHECK ((removed_at IS NULL) = (removal_reason IS NULL))
);
CREATE UNIQUE INDEX screened_addresses_live_idx ON screened_addresses (address, source) WHERE removed_at IS NULL;
CREATE INDEX screened_addresses_id_idx ON screened_addresses (created_at DESC, id DESC);

-- A deposit from a listed sender is `held` (hold_reason says why) until an
-- admin credits it (`credited`, through the ledger once) or rejects it
-- (`rejected`: recorded, never credited; the reconciliation explains it).
ALTER TABLE deposits DROP CONSTRAINT deposits_status_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_status_check
  CHECK (status IN ('seen', 'credited', 'dropped', 'below_minimum', 'held', 'rejected'));
ALTER TABLE deposits ADD COLUMN hold_reason text;
ALTER TABLE deposits ADD COLUMN decided_by bigint REFERENCES users (id);
ALTER TABLE deposits ADD COLUMN decided_at timestamptz;
ALTER TABLE deposits ADD COLUMN decision_note text;
CREATE INDEX deposits_held_idx ON deposits (id) WHERE status = 'held';
