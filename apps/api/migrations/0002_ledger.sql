-- The ledger: double-entry books in integer base units (18 decimals), the
-- only place money lives. See docs/decisions/0006-ledger.md.

-- An account is a member's wallet (deposit, income, points) or a system
-- account of the company, named by code. Member wallets carry a running
-- balance that the database keeps at or above zero; they are created on
-- their first posting (a member without a row has a balance of zero).
-- System accounts carry no running balance: they are never locked, so they
-- never serialise unrelated payments, and their balance is the sum of their
-- postings.
CREATE TABLE ledger_accounts (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind       text NOT NULL CHECK (kind IN ('member', 'system')),
  owner_id   bigint REFERENCES members (user_id),
  wallet     text CHECK (wallet IN ('deposit', 'income', 'points')),
  code       text UNIQUE CHECK (code ~ '^[a-z][a-z0-9_]*$'),
  unit       text NOT NULL CHECK (unit IN ('USDT', 'POINT')),
  balance    numeric(40, 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_shape CHECK (
    (kind = 'member' AND owner_id IS NOT NULL AND wallet IS NOT NULL AND code IS NULL AND balance IS NOT NULL)
    OR (kind = 'system' AND owner_id IS NULL AND wallet IS NULL AND code IS NOT NULL AND balance IS NULL)
  ),
  CONSTRAINT ledger_accounts_wallet_unit CHECK (wallet IS NULL OR unit = CASE wallet WHEN 'points' THEN 'POINT' ELSE 'USDT' END),
  -- The rule no concurrency can break: a member wallet never goes below zero.
  CONSTRAINT member_balance_not_negative CHECK (balance >= 0),
  CONSTRAINT ledger_accounts_owner_wallet_key UNIQUE (owner_id, wallet)
);

INSERT INTO ledger_accounts (kind, code, unit) VALUES
  ('system', 'company_revenue', 'USDT'),       -- package sales
  ('system', 'bonus_expense', 'USDT'),         -- referral and matching bonuses paid
  ('system', 'fees', 'USDT'),                  -- transfer and withdrawal fees
  ('system', 'withdrawals_in_flight', 'USDT'), -- requested, not yet paid on chain
  ('system', 'treasury', 'USDT'),              -- USDT that came in or left on chain
  ('system', 'adjustments', 'USDT'),           -- the other side of manual USDT adjustments
  ('system', 'point_sales', 'USDT'),           -- USDT members converted into points
  ('system', 'points_issued', 'POINT'),        -- points created by conversion
  ('system', 'redemptions', 'POINT'),          -- points spent on products
  ('system', 'point_adjustments', 'POINT');    -- the other side of manual point adjustments

-- One movement of money. Never edited: a correction is a new, reversing entry.
CREATE TABLE journal_entries (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type       text NOT NULL CHECK (type ~ '^[a-z][a-z0-9_]*$'),
  memo       text NOT NULL DEFAULT '',
  actor_id   bigint REFERENCES users (id),
  refs       jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_entries_created_idx ON journal_entries (created_at, id);
CREATE INDEX journal_entries_type_idx ON journal_entries (type, created_at);

-- The lines of an entry: signed amounts that sum to zero per unit.
CREATE TABLE postings (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id      bigint NOT NULL REFERENCES journal_entries (id),
  account_id    bigint NOT NULL REFERENCES ledger_accounts (id),
  amount        numeric(40, 0) NOT NULL CHECK (amount <> 0),
  -- The member wallet's balance right after this posting (NULL for system accounts).
  balance_after numeric(40, 0)
);
CREATE INDEX postings_entry_idx ON postings (entry_id);
CREATE INDEX postings_account_idx ON postings (account_id, id);

-- The functions of these triggers are in apps/api/sql/functions/, one file
-- each, and exist before this runs (docs/decisions/0029-sql-functions-one-file-each.md).
-- Balances move only with postings: the posting trigger (postings_apply, with
-- the entry check journal_entries_balanced, since 0005 and 0006) moves them,
-- the CHECK above refuses an overdraft whatever the interleaving, and
-- ledger_guard_account.sql refuses any other change of a balance or of what
-- an account is.
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();

-- A new account starts at zero (ledger_guard_new_accounts.sql).
CREATE TRIGGER ledger_accounts_start_at_zero AFTER INSERT ON ledger_accounts
  REFERENCING NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_guard_new_accounts();

-- Posted records are permanent (ledger_refuse_change.sql).
CREATE TRIGGER journal_entries_permanent BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER postings_permanent BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- The first answer to each Idempotency-Key, stored in the same transaction
-- as the money it moved. A second request with the key waits on the primary
-- key until the first commits, then reads this answer.
CREATE TABLE idempotency_keys (
  user_id      bigint NOT NULL REFERENCES users (id),
  operation    text NOT NULL,
  key          text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  request_hash text NOT NULL,
  status_code  integer,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, operation, key)
);

-- Transfers between members' deposit wallets.
CREATE TABLE transfers (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id     bigint NOT NULL UNIQUE REFERENCES journal_entries (id),
  from_user_id bigint NOT NULL REFERENCES users (id),
  to_user_id   bigint NOT NULL REFERENCES users (id),
  amount       numeric(40, 0) NOT NULL CHECK (amount > 0),
  fee          numeric(40, 0) NOT NULL CHECK (fee >= 0 AND fee < amount),
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (from_user_id <> to_user_id)
);
CREATE INDEX transfers_from_idx ON transfers (from_user_id, created_at);
CREATE INDEX transfers_to_idx ON transfers (to_user_id, created_at);
CREATE TRIGGER transfers_permanent BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- Income-wallet USDT converted into points.
CREATE TABLE conversions (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id   bigint NOT NULL UNIQUE REFERENCES journal_entries (id),
  user_id    bigint NOT NULL REFERENCES users (id),
  amount     numeric(40, 0) NOT NULL CHECK (amount > 0),
  rate       text NOT NULL,
  points     numeric(40, 0) NOT NULL CHECK (points > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversions_user_idx ON conversions (user_id, created_at);
CREATE TRIGGER conversions_permanent BEFORE UPDATE OR DELETE ON conversions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- Plan and operations settings that differ from their defaults (in code).
CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (id)
);

-- Filters of the audit-log page.
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at);
