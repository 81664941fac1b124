-- One transfer of a group run by ledger_transfers.sql, deposit wallet to
-- deposit wallet: the session (when the API left its check here) and the
-- Idempotency-Key (ledger_request_gate.sql: a repeat gets the first
-- answer), the refusals of ledger_transfer_refusal.sql (receiver, minimum,
-- fee, balance), then the entry, the transfer row, the stored answer and
-- the postings in one statement.
-- `q` is the request as transfers/create-transfer.ts sends it ({sender,
-- session, to, amount, fee, minimum, key, hash}; amounts in base units, `to`
-- the receiver's username key). Returns {replayed: false, response} (the
-- facts transfers/answer.ts words), a repeated key's stored answer
-- {replayed: true, hash, status, response}, or {refused: code, detail}:
-- everything it can refuse is checked before it writes, and a key it claimed
-- is released, so a refusal undoes nothing of the group's other transfers.
-- See docs/decisions/0013-one-statement-per-money-movement.md and
-- 0025-group-commit-for-the-hot-money-paths.md.
CREATE OR REPLACE FUNCTION ledger_transfer_one(q jsonb, fees_account bigint) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  sender_id bigint := (q ->> 'sender')::bigint;
  amount numeric := (q ->> 'amount')::numeric;
  fee numeric := (q ->> 'fee')::numeric;
  idem_key text := q ->> 'key';
  refused text;
  detail text;
  gate jsonb;
  verdict record;
  sender record;
  locked record;
  sender_wallet bigint;
  sender_balance numeric;
  receiver_wallet bigint;
  receiver_balance numeric;
  entry_id bigint;
  entry_at timestamptz;
  transfer_id bigint;
  answer jsonb;
BEGIN
  -- The session and the Idempotency-Key (ledger_request_gate.sql).
  gate := ledger_request_gate(q, sender_id, 'transfer', idem_key);
  IF gate IS NOT NULL THEN
    RETURN gate;
  END IF;

  -- The receiver's account and the sender's wallet are held by the group:
  -- the receiver's status and the balance stay as read, and a balance too
  -- small is refused before a new receiver wallet is made for nothing.
  SELECT * INTO verdict FROM ledger_transfer_refusal(sender_id, q ->> 'to', amount, fee, (q ->> 'minimum')::numeric);
  refused := verdict.refused;
  detail := verdict.detail;

  IF refused IS NULL THEN
    -- A wallet exists from its first posting on: the receiver's may be new.
    INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance)
    SELECT 'member', verdict.receiver_id, 'deposit', 'USDT', 0
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_id = verdict.receiver_id AND a.wallet = 'deposit')
    ON CONFLICT (owner_id, wallet) DO NOTHING;
    -- Held already by the group (but a wallet just made), in id order as postEntry locks.
    FOR locked IN
      SELECT a.id, a.owner_id, a.balance FROM ledger_accounts a
       WHERE a.wallet = 'deposit' AND a.owner_id IN (sender_id, verdict.receiver_id)
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
      refused := 'INSUFFICIENT_BALANCE';
      detail := COALESCE(sender_balance, 0)::text;
    END IF;
  END IF;

  IF refused IS NOT NULL THEN
    -- As if the request never came: its key may be used again.
    IF idem_key IS NOT NULL THEN
      PERFORM ledger_release_key(sender_id, 'transfer', idem_key);
    END IF;
    RETURN jsonb_build_object('refused', refused, 'detail', detail);
  END IF;

  SELECT u.id, u.username, u.full_name INTO sender FROM users u WHERE u.id = sender_id;
  INSERT INTO journal_entries (type, memo, actor_id, refs)
  VALUES ('transfer', 'Transfer from ' || sender.username || ' to ' || verdict.receiver_username, sender_id,
          jsonb_build_object('from', sender.username, 'to', verdict.receiver_username))
  RETURNING id, created_at INTO entry_id, entry_at;
  INSERT INTO transfers (entry_id, from_user_id, to_user_id, amount, fee, created_at)
  VALUES (entry_id, sender_id, verdict.receiver_id, amount, fee, entry_at)
  RETURNING id INTO transfer_id;
  -- The facts; the API words them (apps/api/src/transfers/answer.ts).
  answer := jsonb_build_object(
    'transferId', transfer_id,
    'entryId', entry_id,
    'from', jsonb_build_object('id', sender.id, 'username', sender.username, 'fullName', sender.full_name),
    'to', jsonb_build_object('id', verdict.receiver_id, 'username', verdict.receiver_username, 'fullName', verdict.receiver_full_name),
    'amount', amount::text,
    'fee', fee::text,
    'createdAtMs', floor(extract(epoch FROM entry_at) * 1000)::bigint);
  IF idem_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status_code = 201, response = answer
     WHERE k.user_id = sender_id AND k.operation = 'transfer' AND k.key = idem_key;
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
