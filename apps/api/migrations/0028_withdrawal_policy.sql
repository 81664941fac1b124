-- Withdrawal policy (docs/decisions/0035-withdrawal-policy.md): who approved
-- each withdrawal and under which rule, and when a payout started, so the
-- daily payout cap can count a day's payouts and say why one waits.

-- Every approval given: one admin's, two different admins' above the
-- second-approval threshold (the pair is unique, so one admin cannot give
-- both), or the portal's own (admin_id NULL) for an automatic approval.
CREATE TABLE withdrawal_approvals (
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  admin_id      bigint REFERENCES users (id),
  approved_at   timestamptz NOT NULL,
  CONSTRAINT withdrawal_approvals_one_per_admin UNIQUE (withdrawal_id, admin_id)
);
CREATE INDEX withdrawal_approvals_withdrawal_idx ON withdrawal_approvals (withdrawal_id, approved_at);

-- The policy fixed at the first approval, and the rule in words (with the
-- amounts then in force).
ALTER TABLE withdrawals
  ADD COLUMN approval_policy text CHECK (approval_policy IN ('one_admin', 'two_admins', 'automatic')),
  ADD COLUMN approval_note text;

-- A member's requests of the last 24 hours, for the rolling limit.
CREATE INDEX withdrawals_user_created_idx ON withdrawals (user_id, created_at);

-- When a payout took its nonce (it then counts towards that UTC day's cap),
-- and why a queued one waits.
ALTER TABLE payouts
  ADD COLUMN started_at timestamptz,
  ADD COLUMN waiting text;
UPDATE payouts SET started_at = created_at WHERE nonce IS NOT NULL;
CREATE INDEX payouts_started_idx ON payouts (chain_id, wallet, started_at) WHERE started_at IS NOT NULL;

-- The approvals given before: one admin each.
INSERT INTO withdrawal_approvals (withdrawal_id, admin_id, approved_at)
  SELECT id, decided_by, decided_at FROM withdrawals WHERE decided_by IS NOT NULL AND status <> 'rejected';
UPDATE withdrawals SET approval_policy = 'one_admin', approval_note = 'One admin (before the withdrawal policy)'
  WHERE decided_by IS NOT NULL AND status <> 'rejected';
