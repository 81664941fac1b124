-- Sign-in that holds (issue #14, docs/decisions/0010-sign-in-that-holds.md).

-- One key per username: NFKC and one case fold, the key the application
-- computes with `usernameKey()` (packages/contract/src/text.ts) for every
-- lookup, the sign-in limiter and uniqueness. Usernames are letters, digits,
-- dot, dash and underscore (the contract's pattern), for which PostgreSQL's
-- lower(normalize(…, NFKC)) and the application's function agree, so the
-- column is generated: existing rows get their key as the column is added,
-- and no insert can forget it. Existing names were already unique by
-- lower(), and NFKC leaves ASCII unchanged, so the index builds on any
-- existing data.
ALTER TABLE users ADD COLUMN username_key text GENERATED ALWAYS AS (lower(normalize(username, NFKC))) STORED;
CREATE UNIQUE INDEX users_username_norm_key ON users (username_key);

-- Counters of the rate limits that are not sign-in failures (those stay in
-- login_failures): forgot-password per address and per email, registrations
-- per address. Keyed 'forgot-ip:…', 'forgot-email:…', 'register-ip:…'.
CREATE TABLE rate_hits (
  key text        NOT NULL,
  at  timestamptz NOT NULL
);
CREATE INDEX rate_hits_key_idx ON rate_hits (key, at);

-- "Has this address signed in to this account before?" (the address limit
-- never refuses a correct password for such an account).
CREATE INDEX auth_sessions_user_ip_idx ON auth_sessions (user_id, ip);

-- The fixed lockouts of 0001 are gone (throttle.ts slows down instead).
DROP TABLE login_lockouts;
