-- The referral bonus of one upline for one purchase (PRODUCT.md §4;
-- docs/plan.md, "A purchase"), the one statement of the rule: the rate of
-- the upline's level (`rates[level]`, parts per million; level 1 the
-- buyer's sponsor) of the price in base units, rounded down (a fraction of
-- a base unit is never paid). A level beyond the rates earns nothing
-- (NULL). Who earns it (an upline active at the time of the purchase) and
-- that a share of 0 is not paid are the callers' part.
--
-- Called by the purchase (plan_purchase_one.sql, for each upline) and the
-- plan simulator (plan_simulate_day.sql, each purchase of a day under the
-- proposed levels). `LANGUAGE sql`, IMMUTABLE, not STRICT, one expression:
-- PostgreSQL inlines it into the statement that calls it.
-- apps/api/test/plan/rules.test.ts compares it with the TypeScript oracle
-- (apps/api/test/plan/rules-oracle.ts).
CREATE OR REPLACE FUNCTION plan_referral_share(price numeric, rates numeric[], level int)
RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT div(price * rates[level], 1000000)
$$;
