-- One member's binary matching at a close (PRODUCT.md §5; docs/plan.md, "The
-- daily close"), the one statement of the rule: the weaker leg is matched
-- (`matched`, BV, spent from both legs); the bonus is the matching rate of it
-- (`earned`: the matched BV in base units, 18 decimals, times `rate` in parts
-- per million, rounded down: a fraction of a base unit is never paid); what
-- is paid is the bonus up to `cap` (`paid`), the rest is lost (`flushed`);
-- each leg carries what was not matched (`carry_left`, `carry_right`: the
-- stronger leg's remainder, 0 on the weaker).
--
-- `left_leg`, `right_leg`: the legs' BV; `rate`: the matching rate in ppm;
-- `cap`: in base units, the package's daily cap × the days a close covers.
--
-- Called by the close (apps/api/src/plan/close.ts, every member matched in
-- one statement), the plan simulator (plan_simulate_day.sql: the recorded
-- legs at the proposed rate and caps) and the member's plan status
-- (apps/api/src/bonuses/status.ts: the next close, at one day's cap).
-- `LANGUAGE sql`, IMMUTABLE, not STRICT, one SELECT without FROM: where it
-- is called in a FROM (`CROSS JOIN LATERAL plan_match_day(…)`) PostgreSQL
-- inlines it into the caller's statement, so the close stays one set-based
-- statement and computes only the columns it reads.
-- apps/api/test/plan/rules.test.ts compares it with the TypeScript oracle
-- (apps/api/test/plan/rules-oracle.ts).
CREATE OR REPLACE FUNCTION plan_match_day(left_leg numeric, right_leg numeric, rate numeric, cap numeric)
RETURNS TABLE (matched numeric, earned numeric, paid numeric, flushed numeric, carry_left numeric, carry_right numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(left_leg, right_leg),
         div(least(left_leg, right_leg) * 1000000000000000000 * rate, 1000000),
         least(div(least(left_leg, right_leg) * 1000000000000000000 * rate, 1000000), cap),
         div(least(left_leg, right_leg) * 1000000000000000000 * rate, 1000000)
           - least(div(least(left_leg, right_leg) * 1000000000000000000 * rate, 1000000), cap),
         left_leg - least(left_leg, right_leg),
         right_leg - least(left_leg, right_leg)
$$;
