-- Purchases undone: a member's cancellation within the window or an admin's
-- refund (apps/api/src/refunds/), with the bonuses the purchase paid clawed
-- back exactly (docs/plan.md, "Cancellations and refunds";
-- docs/decisions/0067-refunds-and-clawbacks.md).

-- What a member owes after a clawback larger than their income wallet: a
-- member account of its own, 'owed', whose balance is at or below zero (the
-- receivable, seen from the company's books). Every other member wallet stays
-- at or above zero; the constraint keeps its name (ledger/post.ts knows it).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_wallet_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_wallet_check
  CHECK (wallet IN ('deposit', 'income', 'points', 'owed'));
ALTER TABLE ledger_accounts DROP CONSTRAINT member_balance_not_negative;
ALTER TABLE ledger_accounts ADD CONSTRAINT member_balance_not_negative
  CHECK (CASE WHEN wallet = 'owed' THEN balance <= 0 ELSE balance >= 0 END);
-- Income credited to a member who owes is repaid first (ledger_repay_owed.sql);
-- this index answers "does anyone owe?" at once on every posting statement.
CREATE INDEX ledger_accounts_owing_idx ON ledger_accounts (owner_id) WHERE wallet = 'owed' AND balance < 0;
CREATE TRIGGER postings_repay_owed AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_repay_owed();

-- Which close first counted a purchase's BV: each roll-up batch takes a
-- number (batches run one at a time under their lock, so the numbers follow
-- the order they committed in) and each close records the last number it saw.
CREATE SEQUENCE network_rollup_batches;
ALTER TABLE network_events ADD COLUMN rolled_batch bigint, ADD COLUMN purchase_id bigint;
ALTER TABLE matching_closes ADD COLUMN rolled_batch bigint;

-- One row per purchase undone: never two (a second request moves nothing).
CREATE TABLE purchase_refunds (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purchase_id bigint NOT NULL UNIQUE REFERENCES purchases (id),
  kind        text NOT NULL CHECK (kind IN ('cancellation', 'refund')),
  entry_id    bigint NOT NULL REFERENCES journal_entries (id),
  refunded_by bigint NOT NULL REFERENCES users (id),
  reason      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER purchase_refunds_permanent BEFORE UPDATE OR DELETE ON purchase_refunds
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- A close's matching record as a refund recomputed it with the purchase's BV
-- removed: the latest row of a (close, member) stands in for the original
-- record in any later refund's recomputation.
CREATE TABLE matching_recomputed (
  refund_id    bigint NOT NULL REFERENCES purchase_refunds (id),
  close_date   date NOT NULL REFERENCES matching_closes (close_date),
  member_id    bigint NOT NULL REFERENCES members (user_id),
  left_volume  numeric NOT NULL,
  right_volume numeric NOT NULL,
  matched      numeric NOT NULL,
  paid         numeric(40, 0) NOT NULL,
  carry_left   numeric NOT NULL,
  carry_right  numeric NOT NULL,
  PRIMARY KEY (close_date, member_id, refund_id)
);
CREATE TRIGGER matching_recomputed_permanent BEFORE UPDATE OR DELETE ON matching_recomputed
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- What each member gave back for a refund: the referral bonus and the
-- matching difference clawed back, how much the income wallet paid and how
-- much is left owed.
CREATE TABLE refund_clawbacks (
  refund_id bigint NOT NULL REFERENCES purchase_refunds (id),
  member_id bigint NOT NULL REFERENCES members (user_id),
  referral  numeric(40, 0) NOT NULL,
  matching  numeric(40, 0) NOT NULL,
  taken     numeric(40, 0) NOT NULL,
  owed      numeric(40, 0) NOT NULL,
  PRIMARY KEY (refund_id, member_id)
);
CREATE INDEX refund_clawbacks_member_idx ON refund_clawbacks (member_id);
CREATE TRIGGER refund_clawbacks_permanent BEFORE UPDATE OR DELETE ON refund_clawbacks
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
