-- The plan simulator (docs/plan.md, "The plan simulator";
-- docs/decisions/0044-plan-simulator.md; apps/api/src/simulator/): an admin's
-- proposed settings replayed over a period of recorded purchases and closes,
-- side by side with what was paid. Results only: nothing here is a ledger
-- row, and a run moves nothing in the ledger, the balances or the network.
--
-- A run: the period (`from_date`, `days`), the proposed settings as entered
-- and the settings in force when it started (both jsonb, see
-- simulator/settings.ts), `next_date` the first day not replayed yet (moved
-- with each day's results, so a process that dies resumes there), and the
-- lease (shared/lease.ts) that lets one process work on it at a time.
CREATE TABLE plan_simulations (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status       text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
  from_date    date NOT NULL,
  days         int NOT NULL CHECK (days BETWEEN 7 AND 365),
  next_date    date NOT NULL,
  proposed     jsonb NOT NULL,
  in_force     jsonb NOT NULL,
  -- Members paid and the largest changes per member, written with the last day.
  summary      jsonb,
  started_by   bigint REFERENCES users (id),
  cancelled_by bigint REFERENCES users (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  failures     int NOT NULL DEFAULT 0,
  error        text,
  leased_by    text,
  leased_until timestamptz,
  CHECK (next_date BETWEEN from_date AND from_date + days),
  CHECK ((status = 'running') = (finished_at IS NULL))
);
-- One run at a time: a second start while one runs is refused (409 SIMULATION_RUNNING), however two race.
CREATE UNIQUE INDEX plan_simulations_one_running ON plan_simulations ((true)) WHERE status = 'running';

-- The result tables name their run without a foreign key: a key checks
-- row by row, and a day of a 1M-member network writes tens of thousands of
-- member rows; only plan_simulate_day.sql writes them, for the run it holds.
--
-- Per day replayed: the sales (price of the day's purchases) and, per kind of
-- bonus (referral, matching; a later kind is one more value), what was paid
-- and what the proposed settings would have paid, and the amounts flushed
-- above the caps (matching only; 0 for a kind without a cap).
CREATE TABLE plan_simulation_days (
  simulation_id     bigint NOT NULL,
  day               date NOT NULL,
  kind              text NOT NULL CHECK (kind IN ('sales', 'referral', 'matching')),
  actual            numeric(40, 0) NOT NULL,
  simulated         numeric(40, 0) NOT NULL,
  actual_flushed    numeric(40, 0) NOT NULL DEFAULT 0,
  simulated_flushed numeric(40, 0) NOT NULL DEFAULT 0,
  PRIMARY KEY (simulation_id, day, kind)
);

-- Per day, member and kind: what the member was paid and would have been
-- (only members paid one way or the other). Appended day by day, never
-- updated: an upsert of running totals cost more than the replay itself at
-- 1M members; the run's last day sums them once (simulator/summary.ts). A
-- BRIN index finds a run's rows: they are appended in run order.
CREATE TABLE plan_simulation_members (
  simulation_id bigint NOT NULL,
  day           date NOT NULL,
  member_id     bigint NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('referral', 'matching')),
  actual        numeric(40, 0) NOT NULL,
  simulated     numeric(40, 0) NOT NULL
);
CREATE INDEX plan_simulation_members_run_idx ON plan_simulation_members USING brin (simulation_id);
