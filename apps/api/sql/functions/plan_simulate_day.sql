-- One day of a plan simulation (apps/api/src/simulator/replay.ts; docs/plan.md,
-- "The plan simulator"; docs/decisions/0044-plan-simulator.md), set-based:
-- writes the day's rows of plan_simulation_days and
-- plan_simulation_members. Reads purchases, referral_bonuses, members,
-- packages, matching_closes, matching_bonuses and rank_achievements; writes
-- nothing else.
--
-- `rates`: the proposed referral rate of each level in parts per million;
-- `matching_rate`: the proposed matching rate in ppm; `cap_packages` /
-- `cap_values`: the packages whose proposed daily cap (base units) differs
-- from the catalogue's, with that cap; `bonus_ranks` / `bonus_values`: the
-- ranks whose proposed bonus (base units) differs from the one in force,
-- with that bonus.
--
-- Referral, as plan_purchase_one.sql pays it: each purchase of the UTC day,
-- its sponsor line up to as many levels as rates, each level's share of the
-- price (plan_referral_share.sql) to uplines active at the time of the
-- purchase (active before it: `activated_at` earlier, or the same instant
-- and a purchase of theirs earlier in the same group), nothing to an
-- inactive one.
--
-- Matching, by the rule the close pays by (plan_match_day.sql): the day's
-- close records, each member's recorded legs at the proposed rate, capped
-- at the package's cap × the days the close covered. Neither the rate nor a
-- cap changes what is matched or carried (the matched volume is spent
-- either way), so the legs of every close are the recorded ones; only the
-- amount paid and flushed change. A changed cap applies to the records of
-- that package: the member's package at the close is the one whose cap
-- matches the cap applied (the current package first, then the highest
-- priced the member bought: plan_simulated_package.sql).
--
-- Rank bonuses: the achievements reached on the day (`reached_on`), as
-- they happened (the requirements are not evaluated again); each paid the
-- bonus it was recorded with, and would have paid the proposed bonus of its
-- rank where that changes.
CREATE OR REPLACE FUNCTION plan_simulate_day(simulation bigint, d date, rates numeric[], matching_rate numeric,
                                             cap_packages bigint[], cap_values numeric[],
                                             bonus_ranks bigint[], bonus_values numeric[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  day_start timestamptz := d::timestamp AT TIME ZONE 'UTC';
  day_end timestamptz := (d + 1)::timestamp AT TIME ZONE 'UTC';
BEGIN
  -- Referral: what was paid (the bonus rows of the day's purchases) and what the proposed levels pay.
  WITH r AS (
    SELECT member_id, sum(actual) AS actual, sum(simulated) AS simulated
      FROM (SELECT r.member_id, r.amount AS actual, 0 AS simulated
              FROM referral_bonuses r WHERE r.created_at >= day_start AND r.created_at < day_end
            UNION ALL
            SELECT x.member_id, 0, x.amount FROM (
              -- Each step one index lookup (scalar subqueries): a day's few
              -- thousand purchases never hash the whole members table.
              WITH RECURSIVE up (purchase_id, price, bought_at, member_id, level) AS (
                SELECT p.id, p.price, p.created_at, (SELECT b.sponsor_id FROM members b WHERE b.user_id = p.member_id), 1
                  FROM purchases p
                 WHERE p.created_at >= day_start AND p.created_at < day_end AND coalesce(array_length(rates, 1), 0) >= 1
                UNION ALL
                SELECT up.purchase_id, up.price, up.bought_at, (SELECT s.sponsor_id FROM members s WHERE s.user_id = up.member_id), up.level + 1
                  FROM up WHERE up.level < array_length(rates, 1) AND up.member_id IS NOT NULL
              )
              SELECT a.member_id, plan_referral_share(a.price, rates, a.level) AS amount
                FROM (SELECT up.*, (SELECT u.activated_at FROM members u WHERE u.user_id = up.member_id) AS activated_at
                        FROM up WHERE up.member_id IS NOT NULL) a
               WHERE a.activated_at < a.bought_at
                  OR (a.activated_at = a.bought_at
                      AND EXISTS (SELECT 1 FROM purchases f WHERE f.member_id = a.member_id AND f.id < a.purchase_id))
            ) x WHERE x.amount > 0) paid
     GROUP BY member_id
  ), recorded AS (
    INSERT INTO plan_simulation_members (simulation_id, day, member_id, kind, actual, simulated)
    SELECT simulation, d, r.member_id, 'referral', r.actual, r.simulated FROM r
  )
  INSERT INTO plan_simulation_days (simulation_id, day, kind, actual, simulated)
  SELECT simulation, d, 'referral', coalesce(sum(r.actual), 0), coalesce(sum(r.simulated), 0) FROM r;

  -- Matching: the day's close records, paid again at the proposed rate and caps.
  WITH y AS (
    SELECT z.member_id, z.paid, z.flushed, s.paid AS simulated, s.flushed AS simulated_flushed
      FROM (SELECT b.member_id, b.left_volume, b.right_volume, b.paid, b.flushed,
                   CASE WHEN coalesce(array_length(cap_packages, 1), 0) = 0 THEN b.daily_cap
                        ELSE coalesce((SELECT v.cap * c.days FROM unnest(cap_packages, cap_values) AS v (package_id, cap)
                                        WHERE v.package_id = plan_simulated_package(b.member_id, b.daily_cap, c.days)),
                                      b.daily_cap) END AS cap
              FROM matching_bonuses b JOIN matching_closes c ON c.close_date = b.close_date
             WHERE b.close_date = d) z
     CROSS JOIN LATERAL plan_match_day(z.left_volume, z.right_volume, matching_rate, z.cap) s
  ), recorded AS (
    INSERT INTO plan_simulation_members (simulation_id, day, member_id, kind, actual, simulated)
    SELECT simulation, d, y.member_id, 'matching', y.paid, y.simulated FROM y WHERE y.paid > 0 OR y.simulated > 0
  )
  INSERT INTO plan_simulation_days (simulation_id, day, kind, actual, simulated, actual_flushed, simulated_flushed)
  SELECT simulation, d, 'matching', coalesce(sum(y.paid), 0), coalesce(sum(y.simulated), 0),
         coalesce(sum(y.flushed), 0), coalesce(sum(y.simulated_flushed), 0) FROM y;

  -- Rank bonuses: the day's achievements, at the bonus recorded and at the proposed one.
  WITH k AS (
    SELECT a.member_id, sum(a.bonus) AS actual,
           sum(coalesce((SELECT v.bonus FROM unnest(bonus_ranks, bonus_values) AS v (rank_id, bonus)
                          WHERE v.rank_id = a.rank_id), a.bonus)) AS simulated
      FROM rank_achievements a WHERE a.reached_on = d
     GROUP BY a.member_id
  ), recorded AS (
    INSERT INTO plan_simulation_members (simulation_id, day, member_id, kind, actual, simulated)
    SELECT simulation, d, k.member_id, 'rank_bonus', k.actual, k.simulated FROM k WHERE k.actual > 0 OR k.simulated > 0
  )
  INSERT INTO plan_simulation_days (simulation_id, day, kind, actual, simulated)
  SELECT simulation, d, 'rank_bonus', coalesce(sum(k.actual), 0), coalesce(sum(k.simulated), 0) FROM k;

  INSERT INTO plan_simulation_days (simulation_id, day, kind, actual, simulated)
  SELECT simulation, d, 'sales', coalesce(sum(p.price), 0), coalesce(sum(p.price), 0)
    FROM purchases p WHERE p.created_at >= day_start AND p.created_at < day_end;
END $$;
