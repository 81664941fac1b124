-- Trigger postings_repay_owed (AFTER INSERT ON postings, per statement;
-- migration 0052_refunds.sql): income credited to a member who owes after a
-- clawback (apps/api/src/refunds/) repays what is owed first, in the same
-- transaction, whatever path credited it (a purchase's referral bonus, a
-- close, a rank bonus, an adjustment). One entry for the statement: each
-- owing member's income wallet −r and 'owed' wallet +r, r the lesser of the
-- two. Its own postings credit no income, so it stops there.
-- Nobody owes nearly always: a look at the owed wallets (a partial index lists them), then nothing.
-- An 'owed' wallet is made after its member's income wallet (a clawback
-- takes income first), so locking it after the income wallet keeps id order.
CREATE OR REPLACE FUNCTION ledger_repay_owed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owing record;
  owed_balance numeric;
  income_balance numeric;
  amount numeric;
  accounts bigint[] := '{}';
  amounts numeric[] := '{}';
  afters numeric[] := '{}';
  entry bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE wallet = 'owed' AND balance < 0) THEN
    RETURN NULL;
  END IF;
  FOR owing IN
    SELECT o.id AS owed_id, i.id AS income_id
      FROM ledger_accounts o JOIN ledger_accounts i ON i.owner_id = o.owner_id AND i.wallet = 'income'
     WHERE o.wallet = 'owed' AND o.balance < 0
       AND EXISTS (SELECT 1 FROM new_postings p WHERE p.account_id = i.id AND p.amount > 0)
     ORDER BY o.id
  LOOP
    SELECT a.balance INTO owed_balance FROM ledger_accounts a WHERE a.id = owing.owed_id FOR NO KEY UPDATE;
    SELECT a.balance INTO income_balance FROM ledger_accounts a WHERE a.id = owing.income_id;
    amount := least(income_balance, -owed_balance);
    IF amount > 0 THEN
      accounts := accounts || owing.income_id || owing.owed_id;
      amounts := amounts || -amount || amount;
      afters := afters || (income_balance - amount) || (owed_balance + amount);
    END IF;
  END LOOP;
  IF cardinality(accounts) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO journal_entries (type, memo) VALUES ('owed_repayment', 'Income applied to what is owed after a clawback')
  RETURNING id INTO entry;
  INSERT INTO postings (entry_id, account_id, amount, balance_after)
  SELECT entry, u.account_id, u.amount, u.balance_after
    FROM unnest(accounts, amounts, afters) WITH ORDINALITY AS u (account_id, amount, balance_after, n)
   ORDER BY u.n;
  RETURN NULL;
END $$;
