-- The purchases that arrived together (platform/db/group-commit.ts, called by
-- purchases/buy-package.ts), in their order: one outcome each, in the same order,
-- one commit for all. Before the first runs, the group holds the buyers'
-- member rows (NO KEY UPDATE), the packages (SHARE) and the existing wallets
-- it will post to (the buyers' deposit wallets, the income wallets of their
-- sponsors as many levels up as the plan pays), each in id order, so two
-- groups, or a group and any entry, never wait on each other in a cycle.
-- The caller's rates are refused (PT409) unless they are the settings in
-- force, and the group is run again with the settings read anew.
-- Every statement it runs (its steps', the foreign-key checks and the
-- posting trigger's under it) finds its rows by index, however few rows the
-- statistics said the tables held when the connection planned it: the
-- planner's other ways are off for the call (sequential scans, hash and
-- merge joins read whole tables), so a plan cached while the tables were
-- empty stays an index lookup as they grow. JIT off: a scan left
-- sequential (no index) would cost past its threshold.
-- See docs/decisions/0025-group-commit-for-the-hot-money-paths.md and
-- 0049-fast-as-the-books-grow.md.
CREATE OR REPLACE FUNCTION plan_purchases(requests jsonb, rates numeric[], rate_texts text[], settings_seen uuid)
RETURNS jsonb LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off AS $$
DECLARE
  revenue_account bigint;
  expense_account bigint;
  buyers bigint[];
  level_up bigint[];
  uplines bigint[] := '{}';
  q jsonb;
  outcomes jsonb := '[]'::jsonb;
BEGIN
  IF settings_seen IS DISTINCT FROM (SELECT v.version FROM settings_version v) THEN
    RAISE EXCEPTION 'SETTINGS_CHANGED' USING ERRCODE = 'PT409';
  END IF;
  SELECT a.id INTO STRICT revenue_account FROM ledger_accounts a WHERE a.code = 'company_revenue' AND a.kind = 'system';
  SELECT a.id INTO STRICT expense_account FROM ledger_accounts a WHERE a.code = 'bonus_expense' AND a.kind = 'system';

  -- Arrays, not joins with the request: the planner cannot know the
  -- group's size, and must still look each row up by its index.
  buyers := ARRAY(SELECT (r ->> 'buyer')::bigint FROM jsonb_array_elements(requests) r);
  PERFORM 1 FROM members m WHERE m.user_id = ANY (buyers) ORDER BY m.user_id FOR NO KEY UPDATE OF m;
  PERFORM 1 FROM packages p
   WHERE p.id = ANY (ARRAY(SELECT (r ->> 'package')::bigint FROM jsonb_array_elements(requests) r))
   ORDER BY p.id
     FOR SHARE OF p;
  -- Their sponsors, level by level, as far up as the plan pays (a recursive
  -- query over a set of buyers was planned as a scan of every member).
  level_up := buyers;
  FOR depth IN 1 .. coalesce(array_length(rates, 1), 0) LOOP
    level_up := ARRAY(SELECT m.sponsor_id FROM members m WHERE m.user_id = ANY (level_up) AND m.sponsor_id IS NOT NULL);
    EXIT WHEN cardinality(level_up) = 0;
    uplines := uplines || level_up;
  END LOOP;
  PERFORM 1 FROM ledger_accounts a
   WHERE (a.owner_id = ANY (buyers) AND a.wallet = 'deposit')
      OR (a.owner_id = ANY (uplines) AND a.wallet = 'income')
   ORDER BY a.id
     FOR NO KEY UPDATE OF a;

  FOR q IN SELECT r.value FROM jsonb_array_elements(requests) WITH ORDINALITY AS r (value, n) ORDER BY r.n LOOP
    outcomes := outcomes || jsonb_build_array(plan_purchase_one(q, rates, rate_texts, revenue_account, expense_account));
  END LOOP;
  RETURN outcomes;
END $$;
