-- Packages and the compensation plan: catalogue, purchases, referral bonuses,
-- the daily binary matching close. See docs/plan.md.
-- Money columns hold base units (18 decimals) as numeric(40,0); business
-- volume (BV) is a plain decimal, like network_nodes' leg volumes.

CREATE TABLE packages (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  price      numeric(40, 0) NOT NULL CHECK (price > 0),
  bv         numeric NOT NULL CHECK (bv >= 0),
  daily_cap  numeric(40, 0) NOT NULL CHECK (daily_cap >= 0),
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX packages_name_key ON packages (lower(name));

INSERT INTO packages (name, price, bv, daily_cap) VALUES
  ('Starter',  100  * 10::numeric ^ 18, 100,  100  * 10::numeric ^ 18),
  ('Silver',   500  * 10::numeric ^ 18, 500,  500  * 10::numeric ^ 18),
  ('Gold',     1000 * 10::numeric ^ 18, 1000, 1000 * 10::numeric ^ 18),
  ('Platinum', 5000 * 10::numeric ^ 18, 5000, 5000 * 10::numeric ^ 18);

-- active: has bought a package. package_id: the highest (by price at the
-- time of purchase) bought so far. pending_volume: BV bought while not yet
-- placed in the binary tree; it becomes a volume event at placement.
ALTER TABLE members
  ADD COLUMN active         boolean NOT NULL DEFAULT false,
  ADD COLUMN package_id     bigint REFERENCES packages (id),
  ADD COLUMN package_price  numeric(40, 0),
  ADD COLUMN activated_at   timestamptz,
  ADD COLUMN pending_volume numeric NOT NULL DEFAULT 0 CHECK (pending_volume >= 0);

CREATE TABLE purchases (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id   bigint NOT NULL UNIQUE REFERENCES journal_entries (id),
  member_id  bigint NOT NULL REFERENCES members (user_id),
  package_id bigint NOT NULL REFERENCES packages (id),
  kind       text NOT NULL CHECK (kind IN ('purchase', 'repurchase')),
  price      numeric(40, 0) NOT NULL CHECK (price > 0),
  bv         numeric NOT NULL CHECK (bv >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchases_member_idx ON purchases (member_id, created_at);
CREATE INDEX purchases_created_idx ON purchases (created_at);
CREATE TRIGGER purchases_permanent BEFORE UPDATE OR DELETE ON purchases
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- One row per upline paid for a purchase: who, from which purchase, level, rate.
CREATE TABLE referral_bonuses (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purchase_id bigint NOT NULL REFERENCES purchases (id),
  entry_id    bigint NOT NULL REFERENCES journal_entries (id),
  member_id   bigint NOT NULL REFERENCES members (user_id),
  buyer_id    bigint NOT NULL REFERENCES members (user_id),
  level       int NOT NULL CHECK (level >= 1),
  rate        text NOT NULL,
  base        numeric(40, 0) NOT NULL,
  amount      numeric(40, 0) NOT NULL CHECK (amount > 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (purchase_id, level)
);
CREATE INDEX referral_bonuses_member_idx ON referral_bonuses (member_id, created_at);
CREATE INDEX referral_bonuses_created_idx ON referral_bonuses (created_at);
CREATE TRIGGER referral_bonuses_permanent BEFORE UPDATE OR DELETE ON referral_bonuses
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- One row per daily close: the primary key makes a close happen once per day.
CREATE TABLE matching_closes (
  close_date  date PRIMARY KEY,
  closed_at   timestamptz NOT NULL DEFAULT now(),
  closed_by   bigint REFERENCES users (id),
  rate        text NOT NULL,
  members     int NOT NULL,
  matched     numeric NOT NULL,
  paid        numeric(40, 0) NOT NULL,
  flushed     numeric(40, 0) NOT NULL,
  events      int NOT NULL
);

-- What each member's legs were at a close and what came of them.
CREATE TABLE matching_bonuses (
  close_date  date NOT NULL REFERENCES matching_closes (close_date),
  member_id   bigint NOT NULL REFERENCES members (user_id),
  left_volume numeric NOT NULL,
  right_volume numeric NOT NULL,
  matched     numeric NOT NULL,
  rate        text NOT NULL,
  earned      numeric(40, 0) NOT NULL,
  daily_cap   numeric(40, 0) NOT NULL,
  paid        numeric(40, 0) NOT NULL,
  flushed     numeric(40, 0) NOT NULL,
  carry_left  numeric NOT NULL,
  carry_right numeric NOT NULL,
  entry_id    bigint REFERENCES journal_entries (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (close_date, member_id)
);
CREATE INDEX matching_bonuses_member_idx ON matching_bonuses (member_id, close_date);
