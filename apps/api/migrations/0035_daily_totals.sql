-- The admin dashboard's daily aggregates (docs/decisions/0042-daily-totals.md):
-- one row per UTC day, the events up to the watermark `rolled_until` added
-- to it by the roll-up job (dashboard/rollup.ts, every minute, ten minutes
-- behind) under an advisory lock, never by the events themselves, so no
-- purchase waits on a hot row per day. The dashboard adds the events since
-- the watermark, read live: about ten minutes' worth.
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

-- The watermark: every event before `rolled_until` is in daily_totals, none
-- after; NULL: none yet (the dashboard then reads every row live).
CREATE TABLE daily_totals_state (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  rolled_until timestamptz
);
INSERT INTO daily_totals_state (id) VALUES (true);

-- The live part and the roll-up read these by time range.
CREATE INDEX deposits_credited_idx ON deposits (credited_at) WHERE status = 'credited';
CREATE INDEX withdrawals_paid_idx ON withdrawals (paid_at) WHERE status = 'paid';

-- Backfill: the events of more than ten minutes ago (the roll-up's margin
-- for transactions still committing), when there is anything to roll.
UPDATE daily_totals_state SET rolled_until = date_trunc('minute', now() - interval '10 minutes')
 WHERE EXISTS (SELECT 1 FROM members WHERE sponsor_id IS NOT NULL);

INSERT INTO daily_totals (day, sales, purchases, activations, referral_paid, new_members, deposits_count,
                          deposits_amount, withdrawals_paid_count, withdrawals_paid_amount, fees)
SELECT day, sum(sales), sum(purchases), sum(activations), sum(referral_paid), sum(new_members), sum(deposits_count),
       sum(deposits_amount), sum(withdrawals_paid_count), sum(withdrawals_paid_amount), sum(fees)
  FROM (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, price AS sales, 1 AS purchases,
           (kind = 'purchase')::int AS activations, 0 AS referral_paid, 0 AS new_members, 0 AS deposits_count,
           0 AS deposits_amount, 0 AS withdrawals_paid_count, 0 AS withdrawals_paid_amount, 0 AS fees
      FROM purchases WHERE created_at < (SELECT rolled_until FROM daily_totals_state)
    UNION ALL
    SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, amount, 0, 0, 0, 0, 0, 0 FROM referral_bonuses
     WHERE created_at < (SELECT rolled_until FROM daily_totals_state)
    UNION ALL
    SELECT (joined_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 FROM members
     WHERE sponsor_id IS NOT NULL AND joined_at < (SELECT rolled_until FROM daily_totals_state)
    UNION ALL
    SELECT (credited_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 1, amount, 0, 0, 0 FROM deposits
     WHERE status = 'credited' AND credited_at < (SELECT rolled_until FROM daily_totals_state)
    UNION ALL
    SELECT (paid_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 1, amount, fee FROM withdrawals
     WHERE status = 'paid' AND paid_at < (SELECT rolled_until FROM daily_totals_state)
  ) events
 GROUP BY day;
