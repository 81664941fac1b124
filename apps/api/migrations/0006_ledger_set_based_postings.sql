-- Postings move balances once per statement instead of once per posting.
-- See docs/decisions/0008-set-based-postings.md.
--
-- 0002 moved a wallet's balance from a trigger on each posting: one UPDATE
-- statement per line, about 45 µs each, so a daily close crediting 500,000
-- wallets spent half a minute there alone. Now the inserting statement states
-- each member posting's balance_after (its locked wallet's balance plus the
-- line), and one statement-level trigger moves every touched balance with a
-- single UPDATE, then refuses the statement unless every balance_after is
-- exactly the wallet's new balance.
-- The rules stay the database's: a balance moves only with postings, never
-- below zero, and every balance_after is the truth.
--
-- The same trigger checks, once per statement, what the postings' foreign
-- keys checked once per line (about 4 µs each, a posting's largest cost
-- after the balance): every posting names an entry of this transaction and
-- an account that exists. Neither entries nor accounts can ever be deleted
-- (0002's triggers), so nothing a foreign key guarded is left unguarded.

DROP TRIGGER postings_apply ON postings;
DROP FUNCTION ledger_apply_posting();
ALTER TABLE postings DROP CONSTRAINT postings_entry_id_fkey, DROP CONSTRAINT postings_account_id_fkey;

-- Only system accounts have a code: a unique index over the others' NULLs
-- was one more index entry to write for every wallet created or moved.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_code_key;
CREATE UNIQUE INDEX ledger_accounts_code_key ON ledger_accounts (code) WHERE code IS NOT NULL;

CREATE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wrong bigint;
  wallet_lines bigint;
  wallets bigint;
BEGIN
  SELECT d.entry_id INTO wrong
    FROM (SELECT DISTINCT entry_id FROM new_postings) d
   WHERE NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = d.entry_id AND e.created_xid = pg_current_xact_id())
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
  IF wallet_lines <> wallets THEN
    RAISE EXCEPTION 'one statement posts to a member wallet at most once (% lines, % wallets)', wallet_lines, wallets USING ERRCODE = 'P0001';
  END IF;
  IF wrong IS NOT NULL THEN
    RAISE EXCEPTION 'posting %: names no account, or balance_after is not the member wallet''s balance right after it (a system account''s posting states none)', wrong
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER postings_apply AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();

-- Balances are the most updated rows of all: half of each page is left free
-- so that a balance update finds room beside its row (a HOT update, no index
-- entries to write), even for a wallet created and credited in one close.
ALTER TABLE ledger_accounts SET (fillfactor = 50);
