-- The moves of status that the money objects' lifecycles allow, one row per
-- (object, transition, from): the tables WITHDRAWAL_TRANSITIONS
-- (apps/api/src/withdrawals/lifecycle.ts), PAYOUT_TRANSITIONS
-- (apps/api/src/withdrawals/payout/lifecycle.ts), REDEMPTION_TRANSITIONS
-- (apps/api/src/redemptions/lifecycle.ts) and DEPOSIT_TRANSITIONS
-- (apps/api/src/deposits/lifecycle.ts), which
-- apps/api/test/shared/lifecycle.test.ts holds equal to this one. Read by
-- money_refuse_transition, the trigger of migration 0047_money_lifecycles.sql
-- (docs/decisions/0058-money-lifecycles.md). `object` is the table's name.
CREATE OR REPLACE FUNCTION money_transitions()
  RETURNS TABLE (object text, name text, from_status text, to_status text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES
    ('withdrawals', 'approve', 'pending', 'approved'),
    ('withdrawals', 'reject', 'pending', 'rejected'),
    ('withdrawals', 'pay', 'approved', 'paid'),
    ('withdrawals', 'fail', 'approved', 'failed'),
    ('withdrawals', 'retry', 'failed', 'approved'),
    ('withdrawals', 'refund', 'failed', 'refunded'),
    ('payouts', 'sign', 'queued', 'signed'),
    ('payouts', 'broadcast', 'signed', 'broadcast'),
    ('payouts', 'mine', 'broadcast', 'mined'),
    ('payouts', 'reorg', 'mined', 'broadcast'),
    ('payouts', 'pay', 'queued', 'paid'),
    ('payouts', 'pay', 'signed', 'paid'),
    ('payouts', 'pay', 'broadcast', 'paid'),
    ('payouts', 'pay', 'mined', 'paid'),
    ('payouts', 'fail', 'queued', 'failed'),
    ('payouts', 'fail', 'broadcast', 'failed'),
    ('payouts', 'fail', 'mined', 'failed'),
    ('payouts', 'refuse', 'signed', 'refused'),
    ('payouts', 'cancel', 'broadcast', 'cancelled'),
    ('payouts', 'cancel', 'mined', 'cancelled'),
    ('redemptions', 'approve', 'pending', 'approved'),
    ('redemptions', 'reject', 'pending', 'rejected'),
    ('deposits', 'credit', 'seen', 'credited'),
    ('deposits', 'credit', 'held', 'credited'),
    ('deposits', 'belowMinimum', 'seen', 'below_minimum'),
    ('deposits', 'hold', 'seen', 'held'),
    ('deposits', 'drop', 'seen', 'dropped'),
    ('deposits', 'reopen', 'dropped', 'seen'),
    ('deposits', 'reject', 'held', 'rejected')
$$;
