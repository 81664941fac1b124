-- A daily close an operator can review before it pays
-- (docs/decisions/0040-close-review.md, docs/plan.md "A close to review").
--
-- With the `closeReview` setting on, the close computes and records
-- everything it does today (records, legs cut to their carry) but credits
-- nobody: its row says `review`, with when it pays itself (`pay_after`, NULL:
-- only an admin's Pay) and the threshold the review lists payouts over, both
-- read from the settings at the close, so a change applies to later closes.
-- Closes stay permanent rows; the pay is a row of its own, once per close
-- (its primary key), written in the transaction that credits the wallets.
ALTER TABLE matching_closes
  ADD COLUMN review boolean NOT NULL DEFAULT false,
  ADD COLUMN review_threshold numeric(40, 0) CHECK (review_threshold >= 0),
  ADD COLUMN pay_after timestamptz;

CREATE TABLE matching_close_payments (
  close_date date PRIMARY KEY REFERENCES matching_closes (close_date),
  paid_at    timestamptz NOT NULL,
  -- NULL: paid by the scheduler once `pay_after` had passed.
  paid_by    bigint REFERENCES users (id),
  members    int NOT NULL,
  paid       numeric(40, 0) NOT NULL
);
CREATE TRIGGER matching_close_payments_permanent BEFORE UPDATE OR DELETE ON matching_close_payments
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- The closes computed but not paid yet: what readers of "paid" leave out and
-- members see as being reviewed. At most one (a close refuses to run while
-- one waits), and matching_closes holds one row per day: reading it is cheap.
CREATE VIEW matching_closes_in_review AS
  SELECT c.close_date, c.pay_after
    FROM matching_closes c
   WHERE c.review AND NOT EXISTS (SELECT 1 FROM matching_close_payments p WHERE p.close_date = c.close_date);
