-- The treasury among the daily totals (docs/decisions/0042-daily-totals.md):
-- the admin dashboard summed every posting of the treasury account on each
-- view (a deposit credited and a withdrawal paid each post one: hundreds of
-- thousands a year on a large network). Each day's row now holds the net of
-- that day's treasury postings, bucketed by their journal entry's time (the
-- transaction that moved the money), rolled up with the rest; the dashboard
-- adds the entries after the watermark, read through
-- journal_entries_created_idx. The account is debited as USDT arrives on
-- chain, so the treasury holds minus the sum (dashboard/service.ts).
ALTER TABLE daily_totals ADD COLUMN treasury numeric(78, 0) NOT NULL DEFAULT 0;

-- Backfill: the entries before the watermark, as dashboard/daily-events.ts buckets them (none while it is NULL).
INSERT INTO daily_totals (day, treasury)
SELECT (e.created_at AT TIME ZONE 'UTC')::date, sum(p.amount)
  FROM journal_entries e JOIN postings p ON p.entry_id = e.id
 WHERE p.account_id = (SELECT id FROM ledger_accounts WHERE code = 'treasury' AND kind = 'system')
   AND e.created_at < (SELECT rolled_until FROM daily_totals_state)
 GROUP BY 1
ON CONFLICT (day) DO UPDATE SET treasury = EXCLUDED.treasury;
