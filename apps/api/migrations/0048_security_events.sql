-- An account's security changes, for its owner's security log (Account
-- settings → Security; apps/api/src/users/security-events.ts): each written in
-- the transaction of the change itself, with the session that made it (its
-- device and address are the session's), or none for a password reset link.
CREATE TABLE security_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id),
  kind       text NOT NULL CHECK (kind IN ('password_changed', 'password_reset', 'two_factor_on', 'two_factor_off',
                                           'withdrawal_address_added', 'withdrawal_address_removed',
                                           'session_ended', 'other_sessions_ended')),
  session_id uuid REFERENCES auth_sessions (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_events_user_idx ON security_events (user_id, created_at DESC);
