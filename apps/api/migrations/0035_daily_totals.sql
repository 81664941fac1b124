-- The admin dashboard's daily aggregates (docs/decisions/0042-daily-totals.md):
-- one row per UTC day that has ended, written by the roll-up job
-- (dashboard/rollup.ts) under an advisory lock, never by the events
-- themselves, so no purchase waits on a hot row per day. The dashboard adds
-- the days after `rolled_through` read live from the few rows since.
--
-- Each figure is bucketed by the time its event became final, which no
-- later change moves: a purchase or a referral bonus by `created_at`, a new
-- member by `joined_at`, a deposit by `credited_at`, a withdrawal by
-- `paid_at`. Activations are first purchases (plan_purchase_one.sql sets
-- `members.active` with the purchase of kind 'purchase', and never unsets it).
-- Matching bonuses stay read from matching_closes, one row per day, so a
-- close under review counts once it is paid whatever its day.
CREATE TABLE daily_totals (
  day                     date PRIMARY KEY,
  sales                   numeric(40, 0) NOT NULL DEFAULT 0,
  purchases               int NOT NULL DEFAULT 0,
  activations             int NOT NULL DEFAULT 0,
  referral_paid           numeric(40, 0) NOT NULL DEFAULT 0,
  new_members             int NOT NULL DEFAULT 0,
  deposits_count          int NOT NULL DEFAULT 0,
  deposits_amount         numeric(78, 0) NOT NULL DEFAULT 0,
  withdrawals_paid_count  int NOT NULL DEFAULT 0,
  withdrawals_paid_amount numeric(40, 0) NOT NULL DEFAULT 0,
  fees                    numeric(40, 0) NOT NULL DEFAULT 0
);

-- The watermark: every day up to and including `rolled_through` is in
-- daily_totals; NULL: none yet (the dashboard then reads every row live).
CREATE TABLE daily_totals_state (
  id             boolean PRIMARY KEY DEFAULT true CHECK (id),
  rolled_through date
);
INSERT INTO daily_totals_state (id) VALUES (true);

-- The live part and the roll-up read these by time range.
CREATE INDEX deposits_credited_idx ON deposits (credited_at) WHERE status = 'credited';
CREATE INDEX withdrawals_paid_idx ON withdrawals (paid_at) WHERE status = 'paid';

-- Backfill: the days that ended at least ten minutes ago (the roll-up's
-- margin for transactions still committing), when there is anything to roll.
UPDATE daily_totals_state SET rolled_through = (now() AT TIME ZONE 'UTC' - interval '10 minutes')::date - 1
 WHERE EXISTS (SELECT 1 FROM members WHERE sponsor_id IS NOT NULL);

INSERT INTO daily_totals (day, sales, purchases, activations, referral_paid, new_members, deposits_count,
                          deposits_amount, withdrawals_paid_count, withdrawals_paid_amount, fees)
SELECT day, sum(sales), sum(purchases), sum(activations), sum(referral_paid), sum(new_members), sum(deposits_count),
       sum(deposits_amount), sum(withdrawals_paid_count), sum(withdrawals_paid_amount), sum(fees)
  FROM (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, price AS sales, 1 AS purchases,
           (kind = 'purchase')::int AS activations, 0 AS referral_paid, 0 AS new_members, 0 AS deposits_count,
           0 AS deposits_amount, 0 AS withdrawals_paid_count, 0 AS withdrawals_paid_amount, 0 AS fees
      FROM purchases
    UNION ALL
    SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, amount, 0, 0, 0, 0, 0, 0 FROM referral_bonuses
    UNION ALL
    SELECT (joined_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 FROM members WHERE sponsor_id IS NOT NULL
    UNION ALL
    SELECT (credited_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 1, amount, 0, 0, 0 FROM deposits WHERE status = 'credited'
    UNION ALL
    SELECT (paid_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 1, amount, fee FROM withdrawals WHERE status = 'paid'
  ) events
 WHERE day <= (SELECT rolled_through FROM daily_totals_state)
 GROUP BY day;
