-- Second-factor checks counted per account (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md):
-- failures of one account's codes within a window, the lock they start, and
-- when the member was last told by mail. One row per account that ever
-- failed; locked (FOR UPDATE) by every check, so concurrent guesses are
-- counted one after the other.
CREATE TABLE second_factor_guard (
  user_id      bigint PRIMARY KEY REFERENCES users (id),
  failures     integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  window_start timestamptz,
  locked_until timestamptz,
  notified_at  timestamptz
);
