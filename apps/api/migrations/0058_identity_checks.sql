-- Identity checks (docs/decisions/0070-identity-checks.md, apps/api/src/kyc/): one check per member, and the
-- documents they upload for it. The pictures themselves live in IDENTITY_DIR under their content hash, never
-- served publicly; a row only names them. `submission` counts the member's tries: a rejected check's next
-- upload starts a new one, so the review sees the three sides of one try.
CREATE TABLE identity_checks (
  user_id      bigint PRIMARY KEY REFERENCES users (id),
  status       text NOT NULL CHECK (status IN ('incomplete', 'pending', 'approved', 'rejected')),
  submission   integer NOT NULL DEFAULT 1 CHECK (submission > 0),
  -- When the last side of the current submission arrived (the check became pending).
  submitted_at timestamptz,
  decided_at   timestamptz,
  decided_by   bigint REFERENCES users (id),
  -- The admin's reason for a rejection, which the member reads.
  reason       text CHECK (length(reason) <= 500),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((status IN ('approved', 'rejected')) = (decided_at IS NOT NULL)),
  CHECK ((status = 'rejected') = (reason IS NOT NULL))
);
-- The review queue: waiting ones first, oldest first.
CREATE INDEX identity_checks_queue_idx ON identity_checks (status, submitted_at);

CREATE TABLE identity_documents (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES identity_checks (user_id),
  submission  integer NOT NULL,
  side        text NOT NULL CHECK (side IN ('front', 'back', 'selfie')),
  -- The SHA-256 of the stored WebP re-encoding: its file name in IDENTITY_DIR.
  file_hash   text NOT NULL CHECK (file_hash ~ '^[0-9a-f]{64}$'),
  width       integer NOT NULL,
  height      integer NOT NULL,
  bytes       integer NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
-- A member's documents of a submission, the latest of each side last.
CREATE INDEX identity_documents_user_idx ON identity_documents (user_id, submission, side, id);

-- A decided check is told to its member in the decision's transaction, like a decided redemption
-- (apps/api/sql/functions/notifications_of_identity_checks.sql).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'deposit_credited', 'transfer_received', 'direct_referral', 'rank_reached',
  'withdrawal_approved', 'withdrawal_paid', 'withdrawal_failed', 'withdrawal_rejected', 'withdrawal_refunded',
  'redemption_approved', 'redemption_rejected', 'identity_approved', 'identity_rejected',
  'password_changed', 'password_reset', 'two_factor_on', 'two_factor_off',
  'withdrawal_address_added', 'withdrawal_address_removed'));
CREATE TRIGGER identity_checks_notify AFTER UPDATE ON identity_checks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_of_identity_checks();
