-- One day of a plan simulation (apps/api/src/simulator/replay.ts; docs/plan.md,
-- "The plan simulator"; docs/decisions/0044-plan-simulator.md), set-based:
-- writes the day's rows of plan_simulation_days and adds the day to
-- plan_simulation_members. Reads purchases, referral_bonuses, members,
-- packages, matching_closes and matching_bonuses; writes nothing else.
--
-- `rates`: the proposed referral rate of each level in parts per million;
-- `matching_rate`: the proposed matching rate in ppm; `cap_packages` /
-- `cap_values`: the packages whose proposed daily cap (base units) differs
-- from the catalogue's, with that cap.
--
-- Referral, as plan_purchase_one.sql pays it: each purchase of the UTC day,
-- its sponsor line up to as many levels as rates, each level's share of the
-- price rounded down, to uplines active at the time of the purchase (active
-- before it: `activated_at` earlier, or the same instant and a purchase of
-- theirs earlier in the same group), nothing to an inactive one.
--
-- Matching, as the close (plan/close.ts `matchesSql`) pays it: the day's
-- close records, each member's matched volume at the proposed rate, capped
-- at the package's cap × the days the close covered. Neither the rate nor a
-- cap changes what is matched or carried (the matched volume is spent
-- either way), so the legs of every close are the recorded ones; only the
-- amount paid and flushed change. A changed cap applies to the records of
-- that package: the member's package at the close is the one whose cap
-- matches the cap applied (the current package first, then the highest
-- priced the member bought).
CREATE OR REPLACE FUNCTION plan_simulate_day(simulation bigint, d date, rates numeric[], matching_rate numeric,
                                             cap_packages bigint[], cap_values numeric[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  day_start timestamptz := d::timestamp AT TIME ZONE 'UTC';
  day_end timestamptz := (d + 1)::timestamp AT TIME ZONE 'UTC';
BEGIN
  CREATE TEMPORARY TABLE IF NOT EXISTS plan_simulation_rows (
    member_id bigint, kind text, actual numeric, simulated numeric, actual_flushed numeric, simulated_flushed numeric
  ) ON COMMIT DELETE ROWS;
  TRUNCATE pg_temp.plan_simulation_rows;

  -- Referral: what was paid (the bonus rows of the day's purchases) and what the proposed levels pay.
  INSERT INTO pg_temp.plan_simulation_rows (member_id, kind, actual, simulated, actual_flushed, simulated_flushed)
  SELECT member_id, 'referral', sum(actual), sum(simulated), 0, 0
    FROM (SELECT r.member_id, r.amount AS actual, 0 AS simulated
            FROM referral_bonuses r WHERE r.created_at >= day_start AND r.created_at < day_end
          UNION ALL
          SELECT x.member_id, 0, x.amount FROM (
            WITH RECURSIVE up (purchase_id, price, bought_at, member_id, level) AS (
              SELECT p.id, p.price, p.created_at, b.sponsor_id, 1
                FROM purchases p JOIN members b ON b.user_id = p.member_id
               WHERE p.created_at >= day_start AND p.created_at < day_end AND b.sponsor_id IS NOT NULL
                 AND coalesce(array_length(rates, 1), 0) >= 1
              UNION ALL
              SELECT up.purchase_id, up.price, up.bought_at, s.sponsor_id, up.level + 1
                FROM up JOIN members s ON s.user_id = up.member_id
               WHERE up.level < array_length(rates, 1) AND s.sponsor_id IS NOT NULL
            )
            SELECT up.member_id, div(up.price * rates[up.level], 1000000) AS amount
              FROM up JOIN members u ON u.user_id = up.member_id
             WHERE u.activated_at < up.bought_at
                OR (u.activated_at = up.bought_at
                    AND EXISTS (SELECT 1 FROM purchases f WHERE f.member_id = u.user_id AND f.id < up.purchase_id))
          ) x WHERE x.amount > 0) r
   GROUP BY member_id;

  -- Matching: the day's close records, paid again at the proposed rate and caps.
  INSERT INTO pg_temp.plan_simulation_rows (member_id, kind, actual, simulated, actual_flushed, simulated_flushed)
  SELECT y.member_id, 'matching', y.paid, least(y.earned, y.cap), y.flushed, y.earned - least(y.earned, y.cap)
    FROM (SELECT b.member_id, b.paid, b.flushed,
                 div(b.matched * 1000000000000000000 * matching_rate, 1000000) AS earned,
                 CASE WHEN coalesce(array_length(cap_packages, 1), 0) = 0 THEN b.daily_cap
                      ELSE coalesce((SELECT v.cap * c.days FROM unnest(cap_packages, cap_values) AS v (package_id, cap)
                                      WHERE v.package_id = coalesce(
                                              CASE WHEN k.daily_cap * c.days = b.daily_cap THEN m.package_id END,
                                              (SELECT p.package_id FROM purchases p JOIN packages q ON q.id = p.package_id
                                                WHERE p.member_id = b.member_id AND q.daily_cap * c.days = b.daily_cap
                                                ORDER BY p.price DESC, p.id LIMIT 1),
                                              m.package_id)),
                                    b.daily_cap) END AS cap
            FROM matching_bonuses b JOIN matching_closes c ON c.close_date = b.close_date
            LEFT JOIN members m ON m.user_id = b.member_id AND coalesce(array_length(cap_packages, 1), 0) > 0
            LEFT JOIN packages k ON k.id = m.package_id
           WHERE b.close_date = d) y;

  INSERT INTO plan_simulation_days (simulation_id, day, kind, actual, simulated, actual_flushed, simulated_flushed)
  SELECT simulation, d, k.kind, coalesce(sum(r.actual), 0), coalesce(sum(r.simulated), 0),
         coalesce(sum(r.actual_flushed), 0), coalesce(sum(r.simulated_flushed), 0)
    FROM (VALUES ('referral'), ('matching')) AS k (kind) LEFT JOIN pg_temp.plan_simulation_rows r ON r.kind = k.kind
   GROUP BY k.kind
  UNION ALL
  SELECT simulation, d, 'sales', coalesce(sum(p.price), 0), coalesce(sum(p.price), 0), 0, 0
    FROM purchases p WHERE p.created_at >= day_start AND p.created_at < day_end;

  INSERT INTO plan_simulation_members AS t (simulation_id, member_id, kind, actual, simulated)
  SELECT simulation, r.member_id, r.kind, r.actual, r.simulated
    FROM pg_temp.plan_simulation_rows r WHERE r.actual > 0 OR r.simulated > 0
  ON CONFLICT (simulation_id, member_id, kind)
  DO UPDATE SET actual = t.actual + excluded.actual, simulated = t.simulated + excluded.simulated;
END $$;
