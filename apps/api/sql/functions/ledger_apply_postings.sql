-- Trigger postings_apply (AFTER INSERT ON postings, per statement; migration
-- 0006_ledger_set_based_postings.sql): the one place member balances move.
-- The inserting statement states each member posting's balance_after; this
-- moves every touched wallet with a single UPDATE and refuses the statement
-- unless each balance_after is exactly the wallet's new balance, a wallet
-- is named once, every posting names an entry of this transaction and an
-- account that exists (what the dropped foreign keys checked line by line).
-- CHECK (balance >= 0) on ledger_accounts refuses any overdraft.
-- See docs/decisions/0008-set-based-postings.md.
--
-- Its statements read no parameter, so a connection plans each once, for
-- the first statement it sees, and keeps that plan; and the statistics may
-- say the tables hold a few rows when they hold millions. So its plans rest
-- on nothing the statistics say: every entry and account is found by index
-- (sequential scans off), the entry check one lookup per entry (a subquery
-- the planner cannot turn into a join with a table read whole), and the
-- balances moved twice over in the text: for a few lines (a transfer, a
-- purchase, an adjustment) with index lookups in nested loops only, planned
-- once for a few lines; for a bulk (a close, a bulk credit) with the
-- planner's joins, planned for a bulk.
-- See docs/decisions/0049-fast-as-the-books-grow.md.
CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = on SET enable_mergejoin = on SET jit = off AS $$
DECLARE
  wrong bigint;
  wallet_lines bigint;
  wallets bigint;
  few boolean := (SELECT count(*) <= 64 FROM new_postings);
BEGIN
  SELECT d.entry_id INTO wrong
    FROM (SELECT DISTINCT entry_id FROM new_postings) d
   WHERE (SELECT e.created_xid FROM journal_entries e WHERE e.id = d.entry_id) IS DISTINCT FROM pg_current_xact_id()
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'postings join an entry only in the transaction that creates it (entry %, not created by this one)', wrong USING ERRCODE = 'P0001';
  END IF;

  -- One UPDATE moves every touched wallet (at trigger depth 1, so
  -- ledger_guard_account lets the balance move) and returns the new
  -- balances. A statement names each wallet at most once (an entry does, and
  -- a bulk credit pays each member once), so each member posting's
  -- balance_after must be its wallet's new balance; a wallet named twice shows
  -- as fewer wallets moved than wallet lines, and is refused. A posting to no
  -- member wallet must name a system account and state no balance. Joining
  -- the two statement-sized sets, never the accounts table, keeps the check's
  -- cost to the statement's size.
  IF few THEN
    -- For this function only (its SET clauses restore them when it returns).
    PERFORM set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true);
    WITH moved AS (
      UPDATE ledger_accounts a SET balance = a.balance + p.amount
        FROM new_postings p
       WHERE a.id = p.account_id AND a.kind = 'member'
      RETURNING a.id, a.balance
    )
    SELECT count(m.id), (SELECT count(*) FROM moved),
           min(p.id) FILTER (WHERE CASE WHEN m.id IS NULL
                                        THEN p.balance_after IS NOT NULL OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = p.account_id AND a.kind = 'system')
                                        ELSE p.balance_after IS DISTINCT FROM m.balance END)
      INTO wallet_lines, wallets, wrong
      FROM new_postings p LEFT JOIN moved m ON m.id = p.account_id;
  ELSE
    WITH moved AS (
      UPDATE ledger_accounts a SET balance = a.balance + p.amount
        FROM new_postings p
       WHERE a.id = p.account_id AND a.kind = 'member'
      RETURNING a.id, a.balance
    )
    SELECT count(m.id), (SELECT count(*) FROM moved),
           min(p.id) FILTER (WHERE CASE WHEN m.id IS NULL
                                        THEN p.balance_after IS NOT NULL OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = p.account_id AND a.kind = 'system')
                                        ELSE p.balance_after IS DISTINCT FROM m.balance END)
      INTO wallet_lines, wallets, wrong
      FROM new_postings p LEFT JOIN moved m ON m.id = p.account_id;
  END IF;
  IF wallet_lines <> wallets THEN
    RAISE EXCEPTION 'one statement posts to a member wallet at most once (% lines, % wallets)', wallet_lines, wallets USING ERRCODE = 'P0001';
  END IF;
  IF wrong IS NOT NULL THEN
    RAISE EXCEPTION 'posting %: names no account, or balance_after is not the member wallet''s balance right after it (a system account''s posting states none)', wrong
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $$;
