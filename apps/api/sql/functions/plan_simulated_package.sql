-- The package a member held at a close, for the plan simulator's changed caps
-- (plan_simulate_day.sql): the close recorded the cap it applied
-- (`daily_cap`, the package's cap × the days covered), not the package. The
-- member's current package when its cap gives that figure; else the highest
-- priced package the member bought whose cap does (an upgrade since the
-- close); else (a cap edited since) the current package.
-- See docs/decisions/0044-plan-simulator.md.
CREATE OR REPLACE FUNCTION plan_simulated_package(member bigint, applied numeric, days int)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT m.package_id FROM members m JOIN packages k ON k.id = m.package_id
      WHERE m.user_id = member AND k.daily_cap * days = applied),
    (SELECT p.package_id FROM purchases p JOIN packages q ON q.id = p.package_id
      WHERE p.member_id = member AND q.daily_cap * days = applied ORDER BY p.price DESC, p.id LIMIT 1),
    (SELECT m.package_id FROM members m WHERE m.user_id = member))
$$;
