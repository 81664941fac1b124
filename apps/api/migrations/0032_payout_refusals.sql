-- Payouts that never block each other (docs/decisions/0037-payouts-that-never-block.md).
--
-- Two new ends of a payout, besides paid and failed, after which the
-- withdrawal is queued again (a new payout) or, after three, fails:
-- - refused: the node refused its transaction before taking any of it into
--   its pool, and no later nonce was reserved; its nonce is given back
--   (`nonce` NULL, the number kept in `refused_nonce`) and the next payout
--   takes it;
-- - cancelled: a zero-value transfer from the hot wallet to itself at its
--   nonce was mined instead of it (the node refused it once it had taken it
--   before, or a later nonce was already reserved).
ALTER TABLE payouts DROP CONSTRAINT payouts_status_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_status_check
  CHECK (status IN ('queued', 'signed', 'broadcast', 'mined', 'paid', 'failed', 'refused', 'cancelled'));
-- Which attempt of the withdrawal's payout this is: a refused or cancelled one
-- is queued again as the next attempt, up to three; an admin's retry is 1.
ALTER TABLE payouts
  ADD COLUMN refused_nonce bigint,
  ADD COLUMN attempt int NOT NULL DEFAULT 1;

DROP INDEX payouts_one_live;
CREATE UNIQUE INDEX payouts_one_live ON payouts (withdrawal_id) WHERE status NOT IN ('failed', 'refused', 'cancelled');

-- A payout's transactions: its transfer (and the fee-bumped replacements), or
-- the zero-value self-transfer that cancels it, all at its one nonce.
ALTER TABLE payout_transactions
  ADD COLUMN kind text NOT NULL DEFAULT 'transfer' CHECK (kind IN ('transfer', 'cancel'));
