-- Four eyes and a delay for loosening (docs/decisions/0052-four-eyes-and-a-delay.md).
--
-- portal_launch: one row. A portal is in set-up (live_at NULL: every change
-- applies at once, so the operator configures the policy before opening)
-- until an admin declares it live, which cannot be undone. A portal that
-- already has members when this migration runs is live from now on: it was
-- open before the rule existed. setup_mail_at: when the admins were told the
-- portal is still in set-up although members have joined (once).
CREATE TABLE portal_launch (
  one           boolean PRIMARY KEY DEFAULT true CHECK (one),
  live_at       timestamptz,
  live_by       bigint REFERENCES users (id),
  setup_mail_at timestamptz
);
INSERT INTO portal_launch (live_at)
SELECT CASE WHEN EXISTS (SELECT 1 FROM members WHERE sponsor_id IS NOT NULL) THEN now() END;

-- A change that loosens a money-out control, or makes an admin, once live:
-- proposed by one admin, confirmed by another (needs_confirmation is false
-- when no other active admin could confirm it when it was proposed), in
-- force from due_at (apps/api/src/changes/apply-due.ts). payload is what
-- applies: settings {changes: {key: {from, to}}}; screening.remove {entryId,
-- address, reason}; user.create_admin {username, email, fullName,
-- passwordHash}; user.grant_admin {userId, username}. Never shown whole.
CREATE TABLE pending_changes (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind               text NOT NULL CHECK (kind IN ('settings', 'screening.remove', 'user.create_admin', 'user.grant_admin')),
  payload            jsonb NOT NULL,
  summary            text NOT NULL,
  proposed_by        bigint NOT NULL REFERENCES users (id),
  proposed_at        timestamptz NOT NULL,
  due_at             timestamptz NOT NULL,
  needs_confirmation boolean NOT NULL,
  confirmed_by       bigint REFERENCES users (id),
  confirmed_at       timestamptz,
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'cancelled', 'failed')),
  ended_by           bigint REFERENCES users (id),
  ended_at           timestamptz,
  outcome            text,
  CHECK (confirmed_by IS DISTINCT FROM proposed_by),
  CHECK ((confirmed_by IS NULL) = (confirmed_at IS NULL)),
  CHECK ((status = 'pending') = (ended_at IS NULL))
);
CREATE INDEX pending_changes_due_idx ON pending_changes (due_at) WHERE status = 'pending';
CREATE INDEX pending_changes_ended_idx ON pending_changes (ended_at DESC) WHERE status <> 'pending';
