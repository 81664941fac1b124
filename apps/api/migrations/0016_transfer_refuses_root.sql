-- Transfers refuse the company's root member (issue 15, point 12): the
-- root tops both trees and signs in nowhere, so money sent to it would be
-- stranded. `ledger_transfer` (migration 0014) is replaced unchanged but for
-- that check, right after the receiver is found; the lookup and the quote in
-- `transfers/service.ts` refuse it the same way, before any confirmation.
CREATE OR REPLACE FUNCTION ledger_transfer(
  sender_id bigint,
  session_id uuid,
  to_username text, -- the receiver's username key (users.username_key, auth normalisation)
  amount numeric,
  fee numeric,
  minimum numeric,
  settings_seen uuid,
  idem_key text,
  idem_hash text,
  amount_text text,
  fee_text text,
  received_text text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored record;
  receiver record;
  sender record;
  locked record;
  sender_wallet bigint;
  sender_balance numeric;
  receiver_wallet bigint;
  receiver_balance numeric;
  fees_account bigint;
  entry_id bigint;
  entry_at timestamptz;
  transfer_id bigint;
  answer jsonb;
BEGIN
  -- The request's session, when the API left its check to this statement.
  IF session_id IS NOT NULL THEN
    PERFORM auth_check_session(session_id, sender_id);
  END IF;

  IF idem_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, operation, key, request_hash) VALUES (sender_id, 'transfer', idem_key, idem_hash)
      ON CONFLICT (user_id, operation, key) DO NOTHING;
    IF NOT FOUND THEN
      SELECT k.request_hash, k.status_code, k.response INTO stored
        FROM idempotency_keys k WHERE k.user_id = sender_id AND k.operation = 'transfer' AND k.key = idem_key;
      RETURN jsonb_build_object('replayed', true, 'hash', stored.request_hash, 'status', stored.status_code, 'response', stored.response);
    END IF;
  END IF;

  IF settings_seen IS DISTINCT FROM (SELECT v.version FROM settings_version v) THEN
    RAISE EXCEPTION 'SETTINGS_CHANGED' USING ERRCODE = 'PT409';
  END IF;

  SELECT u.id, u.username, u.full_name, u.status, (m.user_id IS NOT NULL) AS is_member,
         (m.user_id IS NOT NULL AND m.sponsor_id IS NULL) AS is_root INTO receiver
    FROM users u LEFT JOIN members m ON m.user_id = u.id
   WHERE u.username_key = to_username
     FOR SHARE OF u;
  IF NOT FOUND OR NOT receiver.is_member THEN
    RAISE EXCEPTION 'RECEIVER_NOT_FOUND' USING ERRCODE = 'PT422';
  END IF;
  -- The company's root member tops the trees; it is no one's wallet to pay into.
  IF receiver.is_root THEN
    RAISE EXCEPTION 'RECEIVER_IS_ROOT' USING ERRCODE = 'PT422';
  END IF;
  IF receiver.id = sender_id THEN
    RAISE EXCEPTION 'TRANSFER_TO_SELF' USING ERRCODE = 'PT422';
  END IF;
  IF receiver.status <> 'active' THEN
    RAISE EXCEPTION 'RECEIVER_BLOCKED' USING ERRCODE = 'PT422', DETAIL = receiver.username;
  END IF;
  IF amount < minimum THEN
    RAISE EXCEPTION 'BELOW_MINIMUM' USING ERRCODE = 'PT422';
  END IF;
  IF amount - fee <= 0 THEN
    RAISE EXCEPTION 'AMOUNT_TOO_SMALL' USING ERRCODE = 'PT422';
  END IF;
  SELECT u.id, u.username, u.full_name INTO sender FROM users u WHERE u.id = sender_id;

  -- Everything that needs no balance first: the wallets stay locked only
  -- for the postings and the commit (one shared receiver is a hot row).
  INSERT INTO journal_entries (type, memo, actor_id, refs)
  VALUES ('transfer', 'Transfer from ' || sender.username || ' to ' || receiver.username, sender_id,
          jsonb_build_object('from', sender.username, 'to', receiver.username))
  RETURNING id, created_at INTO entry_id, entry_at;
  INSERT INTO transfers (entry_id, from_user_id, to_user_id, amount, fee, created_at)
  VALUES (entry_id, sender_id, receiver.id, amount, fee, entry_at)
  RETURNING id INTO transfer_id;

  answer := jsonb_build_object(
    'id', transfer_id,
    'entryId', entry_id,
    'from', jsonb_build_object('id', sender.id, 'username', sender.username, 'fullName', sender.full_name),
    'to', jsonb_build_object('id', receiver.id, 'username', receiver.username, 'fullName', receiver.full_name),
    'amount', amount_text,
    'fee', fee_text,
    'received', received_text,
    'createdAt', to_char(entry_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  IF idem_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status_code = 201, response = answer
     WHERE k.user_id = sender_id AND k.operation = 'transfer' AND k.key = idem_key;
  END IF;
  SELECT a.id INTO STRICT fees_account FROM ledger_accounts a WHERE a.code = 'fees' AND a.kind = 'system';
  -- A wallet exists from its first posting on: the receiver's may be new.
  INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance)
  SELECT 'member', receiver.id, 'deposit', 'USDT', 0
   WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_id = receiver.id AND a.wallet = 'deposit')
  ON CONFLICT (owner_id, wallet) DO NOTHING;
  -- Locked in id order, as postEntry locks: no two entries wait on each other in a cycle.
  FOR locked IN
    SELECT a.id, a.owner_id, a.balance FROM ledger_accounts a
     WHERE a.wallet = 'deposit' AND a.owner_id IN (sender_id, receiver.id)
     ORDER BY a.id
       FOR NO KEY UPDATE OF a
  LOOP
    IF locked.owner_id = sender_id THEN
      sender_wallet := locked.id;
      sender_balance := locked.balance;
    ELSE
      receiver_wallet := locked.id;
      receiver_balance := locked.balance;
    END IF;
  END LOOP;
  IF sender_wallet IS NULL OR sender_balance < amount THEN
    RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'PT422', DETAIL = COALESCE(sender_balance, 0)::text;
  END IF;

  -- One statement, lines in the order postEntry writes them, a zero fee left out.
  INSERT INTO postings (entry_id, account_id, amount, balance_after)
  SELECT entry_id, l.account_id, l.amount, l.balance_after
    FROM (VALUES (1, sender_wallet, -amount, sender_balance - amount),
                 (2, receiver_wallet, amount - fee, receiver_balance + amount - fee),
                 (3, fees_account, fee, NULL::numeric)) AS l (n, account_id, amount, balance_after)
   WHERE l.amount <> 0
   ORDER BY l.n;
  RETURN jsonb_build_object('replayed', false, 'response', answer);
END $$;
