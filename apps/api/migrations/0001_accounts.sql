-- Accounts, sign-in and the network membership every member has.

CREATE TABLE users (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text NOT NULL CHECK (length(username) BETWEEN 3 AND 32),
  email         text NOT NULL,
  full_name     text NOT NULL,
  phone         text,
  country       text,
  -- NULL: the account cannot sign in (the company's root member).
  password_hash text,
  role          text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- Usernames and emails are unique whatever their case.
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- A network membership. The sponsor is who referred the member (the unilevel
-- tree); the company's root member is the only one without a sponsor.
CREATE TABLE members (
  user_id        bigint PRIMARY KEY REFERENCES users (id),
  sponsor_id     bigint REFERENCES members (user_id),
  -- The leg asked for in the referral link; placement honours it.
  requested_side text CHECK (requested_side IN ('left', 'right')),
  joined_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (sponsor_id IS DISTINCT FROM user_id)
);
CREATE INDEX members_sponsor_idx ON members (sponsor_id);

-- One sign-in: revoked at logout, at a replayed refresh token, at a password reset.
CREATE TABLE auth_sessions (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  ip         text,
  user_agent text
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

-- Refresh tokens are kept only as SHA-256 hashes and used once each.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- Failed sign-ins, keyed 'user:<name>' or 'ip:<address>', for the lockout rule.
CREATE TABLE login_failures (
  key       text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_key_idx ON login_failures (key, failed_at);

CREATE TABLE login_lockouts (
  key          text PRIMARY KEY,
  locked_until timestamptz NOT NULL
);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- Mail that could not go through SMTP (none configured) waits here; admins read it.
CREATE TABLE mail_outbox (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every admin action, written in the same transaction as the action itself.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id    bigint REFERENCES users (id),
  action      text NOT NULL,
  target_type text,
  target_id   text,
  details     jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

-- Exactly one member has no sponsor: the company's root.
CREATE UNIQUE INDEX members_single_root ON members ((sponsor_id IS NULL)) WHERE sponsor_id IS NULL;
