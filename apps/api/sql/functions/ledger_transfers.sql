-- The transfers that arrived together (platform/db/group-commit.ts, called by
-- transfers/create-transfer.ts), in their order: one outcome each, in the same order,
-- one commit for all. Every account they name is held before the first runs,
-- receivers' FOR SHARE, then the existing deposit wallets FOR NO KEY UPDATE,
-- each in id order, so two groups (or a group and any entry, which locks
-- its wallets in id order) never wait on each other in a cycle. The caller
-- prices the transfers with the settings it read last; unless those are the
-- settings in force, the group is refused whole (PT409) and priced again.
-- Every statement it runs (its steps', the session check, the key claim,
-- the foreign-key checks and the posting trigger's under it) finds its rows
-- by index, however few rows the statistics said the tables held when the
-- connection planned it: the planner's other ways are off for the call
-- (sequential scans, hash and merge joins read whole tables), so a plan
-- cached while the tables were empty stays an index lookup as they grow.
-- JIT off: a scan left sequential (no index) would cost past its threshold.
-- See docs/decisions/0025-group-commit-for-the-hot-money-paths.md and
-- 0049-fast-as-the-books-grow.md.
CREATE OR REPLACE FUNCTION ledger_transfers(requests jsonb, settings_seen uuid) RETURNS jsonb LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off AS $$
DECLARE
  fees_account bigint;
  owners bigint[] := '{}';
  locked record;
  q jsonb;
  outcomes jsonb := '[]'::jsonb;
BEGIN
  IF settings_seen IS DISTINCT FROM (SELECT v.version FROM settings_version v) THEN
    RAISE EXCEPTION 'SETTINGS_CHANGED' USING ERRCODE = 'PT409';
  END IF;
  SELECT a.id INTO STRICT fees_account FROM ledger_accounts a WHERE a.code = 'fees' AND a.kind = 'system';

  -- Arrays, not joins with the request: the planner cannot know the
  -- group's size, and must still look each account up by its index.
  FOR locked IN
    SELECT u.id FROM users u
     WHERE u.username_key = ANY (ARRAY(SELECT r ->> 'to' FROM jsonb_array_elements(requests) r))
     ORDER BY u.id
       FOR SHARE OF u
  LOOP
    owners := owners || locked.id;
  END LOOP;
  owners := owners || ARRAY(SELECT (r ->> 'sender')::bigint FROM jsonb_array_elements(requests) r);
  PERFORM 1 FROM ledger_accounts a
   WHERE a.owner_id = ANY (owners) AND a.wallet = 'deposit'
   ORDER BY a.id
     FOR NO KEY UPDATE OF a;

  FOR q IN SELECT r.value FROM jsonb_array_elements(requests) WITH ORDINALITY AS r (value, n) ORDER BY r.n LOOP
    outcomes := outcomes || jsonb_build_array(ledger_transfer_one(q, fees_account));
  END LOOP;
  RETURN outcomes;
END $$;
