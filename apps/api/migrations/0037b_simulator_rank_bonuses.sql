-- The plan simulator replays rank bonuses too (docs/plan.md, "The plan
-- simulator"; docs/decisions/0044-plan-simulator.md): one more kind of its
-- result rows, and plan_simulate_day (apps/api/sql/functions/) takes the
-- proposed bonus of each rank whose bonus changes; the function of the
-- six-argument form it replaces is dropped where a database still has it.
ALTER TABLE plan_simulation_days DROP CONSTRAINT plan_simulation_days_kind_check;
ALTER TABLE plan_simulation_days
  ADD CONSTRAINT plan_simulation_days_kind_check CHECK (kind IN ('sales', 'referral', 'matching', 'rank_bonus'));
ALTER TABLE plan_simulation_members DROP CONSTRAINT plan_simulation_members_kind_check;
ALTER TABLE plan_simulation_members
  ADD CONSTRAINT plan_simulation_members_kind_check CHECK (kind IN ('referral', 'matching', 'rank_bonus'));
DROP FUNCTION IF EXISTS plan_simulate_day(bigint, date, numeric[], numeric, bigint[], numeric[]);
