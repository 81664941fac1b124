-- Money paths in one statement, settings cached per process.
-- See docs/decisions/0013-one-statement-per-money-movement.md and docs/performance.md.
--
-- A transfer was twelve round trips (BEGIN, receiver, settings, sender,
-- locks, wallet creation, entry, postings, transfer row, idempotency answer,
-- COMMIT), each parsed and planned afresh. `ledger_transfer` does the same
-- work, in the same order, with the same locks, in one call whose statements
-- PL/pgSQL plans once per connection. The ledger's own guarantees are not
-- touched: the postings still pass 0006's statement trigger (balances moved
-- by the database, balance_after checked), 0005's deferred zero-sum check
-- and the CHECK (balance >= 0); posted rows stay immutable.

-- Settings: every change, by any statement, gives the settings a new random
-- version in the same transaction. A process keeps the settings it last read
-- with their version; an event compares that version with the one its own
-- transaction sees, so it never uses settings changed before it began.
CREATE TABLE settings_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   uuid NOT NULL
);
INSERT INTO settings_version (version) VALUES (gen_random_uuid());

CREATE FUNCTION settings_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v uuid := gen_random_uuid();
BEGIN
  UPDATE settings_version SET version = v;
  -- Tells the other processes to drop their copy (delivered at commit).
  PERFORM pg_notify('portal_settings', v::text);
  RETURN NULL;
END $$;
CREATE TRIGGER settings_versioned AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION settings_bump_version();

-- The guard's session check (auth/guard.ts, auth/sessions.ts findSessionState)
-- for a request that left it to its money statement: the session live and the
-- user's, the account active (else SESSION_ENDED, PT401), a network member
-- (else NOT_A_MEMBER, PT403).
CREATE FUNCTION auth_check_session(session_id uuid, expected_user bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  signed_in record;
BEGIN
  SELECT s.user_id, u.status, (s.revoked_at IS NOT NULL) AS revoked, (m.user_id IS NOT NULL) AS is_member INTO signed_in
    FROM auth_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN members m ON m.user_id = s.user_id
   WHERE s.id = session_id;
  IF NOT FOUND OR signed_in.revoked OR signed_in.user_id <> expected_user OR signed_in.status <> 'active' THEN
    RAISE EXCEPTION 'SESSION_ENDED' USING ERRCODE = 'PT401';
  END IF;
  IF NOT signed_in.is_member THEN
    RAISE EXCEPTION 'NOT_A_MEMBER' USING ERRCODE = 'PT403';
  END IF;
END $$;

-- One transfer, deposit wallet to deposit wallet, as transfers/service.ts did
-- it statement by statement: the session checked (when the API left that to
-- this statement), the Idempotency-Key claimed (a repeat
-- waits for the first and gets its answer), the receiver held FOR SHARE
-- (status checked), the caller's price checked against the settings in
-- force, both wallets locked in id order, the balance checked, one entry
-- with its postings, the transfer row, the stored answer. A refusal raises
-- SQLSTATE PT422 with the error code as its message (and figures in DETAIL),
-- so nothing of it is left; `transfers/service.ts` turns it into the API's
-- error. The answer's amounts come formatted from the caller.
CREATE FUNCTION ledger_transfer(
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

  SELECT u.id, u.username, u.full_name, u.status, (m.user_id IS NOT NULL) AS is_member INTO receiver
    FROM users u LEFT JOIN members m ON m.user_id = u.id
   WHERE u.username_key = to_username
     FOR SHARE OF u;
  IF NOT FOUND OR NOT receiver.is_member THEN
    RAISE EXCEPTION 'RECEIVER_NOT_FOUND' USING ERRCODE = 'PT422';
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

-- One purchase or repurchase of a package (purchases/service.ts), as the
-- statement-by-statement version did it: the buyer's member row locked
-- first (NO KEY UPDATE: purchases below it insert bonus rows referencing it),
-- the package held FOR SHARE, the caller's referral rates checked against the
-- settings in force, the sponsor uplines read, the records written, then the
-- wallets locked in id order (created when new), the balance checked and the
-- postings written: deposit wallet, company revenue, bonus expense, each
-- active upline's income wallet. `rates` are the levels' rates in parts per
-- million and `rate_texts` the percentages recorded with each bonus. The
-- caller formats the answer from what it returns. Refusals as ledger_transfer's
-- (PT404 for what does not exist).
CREATE FUNCTION plan_purchase(buyer_id bigint, session_id uuid, package_id bigint, rates numeric[], rate_texts text[], settings_seen uuid)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  owners bigint[];
  wallets text[];
  buyer record;
  pkg record;
  locked record;
  kind text;
  price numeric;
  paid_total numeric;
  payouts jsonb;
  entry_id bigint;
  entry_at timestamptz;
  purchase_id bigint;
  volume_pending boolean := false;
  buyer_wallet bigint;
  buyer_balance numeric;
  revenue_account bigint;
  expense_account bigint;
BEGIN
  -- The request's session, when the API left its check to this statement.
  IF session_id IS NOT NULL THEN
    PERFORM auth_check_session(session_id, buyer_id);
  END IF;
  SELECT m.active, m.package_price, u.username INTO buyer
    FROM members m JOIN users u ON u.id = m.user_id WHERE m.user_id = buyer_id
     FOR NO KEY UPDATE OF m;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'MEMBER_NOT_FOUND' USING ERRCODE = 'PT404';
  END IF;
  SELECT p.id, p.name, p.price, p.bv, p.active INTO pkg FROM packages p WHERE p.id = package_id FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'PACKAGE_NOT_FOUND' USING ERRCODE = 'PT404';
  END IF;
  IF NOT pkg.active THEN
    RAISE EXCEPTION 'PACKAGE_INACTIVE' USING ERRCODE = 'PT422', DETAIL = pkg.name;
  END IF;
  IF settings_seen IS DISTINCT FROM (SELECT v.version FROM settings_version v) THEN
    RAISE EXCEPTION 'SETTINGS_CHANGED' USING ERRCODE = 'PT409';
  END IF;
  price := pkg.price;
  kind := CASE WHEN buyer.active THEN 'repurchase' ELSE 'purchase' END;

  -- The sponsor (level 1) and up: an active upline earns its level's share, rounded down, when above zero.
  WITH RECURSIVE up (user_id, sponsor_id, level) AS (
    SELECT s.user_id, s.sponsor_id, 1 FROM members b JOIN members s ON s.user_id = b.sponsor_id
     WHERE b.user_id = buyer_id AND coalesce(array_length(rates, 1), 0) >= 1
    UNION ALL
    SELECT s.user_id, s.sponsor_id, up.level + 1 FROM up JOIN members s ON s.user_id = up.sponsor_id
     WHERE up.level < array_length(rates, 1)
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('memberId', x.user_id, 'level', x.level, 'username', x.username, 'amount', x.amount::text) ORDER BY x.level), '[]'::jsonb),
         coalesce(sum(x.amount), 0)
    INTO payouts, paid_total
    FROM (SELECT up.user_id, up.level, u.username, div(price * rates[up.level], 1000000) AS amount
            FROM up JOIN members m ON m.user_id = up.user_id JOIN users u ON u.id = up.user_id
           WHERE m.active) x
   WHERE x.amount > 0;

  INSERT INTO journal_entries (type, memo, actor_id, refs)
  VALUES (kind, CASE kind WHEN 'purchase' THEN 'Purchase' ELSE 'Repurchase' END || ' of ' || pkg.name || ' by ' || buyer.username, buyer_id,
          jsonb_build_object('buyer', buyer.username, 'package', pkg.name, 'packageId', pkg.id))
  RETURNING id, created_at INTO entry_id, entry_at;
  INSERT INTO purchases (entry_id, member_id, package_id, kind, price, bv, created_at)
  VALUES (entry_id, buyer_id, pkg.id, kind, price, trim_scale(pkg.bv), entry_at)
  RETURNING id INTO purchase_id;
  INSERT INTO referral_bonuses (purchase_id, entry_id, member_id, buyer_id, level, rate, base, amount, created_at)
  SELECT purchase_id, entry_id, (p ->> 'memberId')::bigint, buyer_id, (p ->> 'level')::int, rate_texts[(p ->> 'level')::int], price, (p ->> 'amount')::numeric, entry_at
    FROM jsonb_array_elements(payouts) AS p;
  UPDATE members m SET active = true, activated_at = COALESCE(m.activated_at, entry_at),
         package_id = CASE WHEN m.package_price IS NULL OR m.package_price < price THEN pkg.id ELSE m.package_id END,
         package_price = GREATEST(COALESCE(m.package_price, 0), price)
   WHERE m.user_id = buyer_id;
  -- The BV joins the placement ancestors' legs through the roll-up; an unplaced buyer keeps it pending.
  IF pkg.bv > 0 THEN
    IF EXISTS (SELECT 1 FROM network_nodes n WHERE n.member_id = buyer_id) THEN
      INSERT INTO network_events (member_id, kind, volume) VALUES (buyer_id, 'volume', trim_scale(pkg.bv));
    ELSE
      UPDATE members m SET pending_volume = m.pending_volume + trim_scale(pkg.bv) WHERE m.user_id = buyer_id;
      volume_pending := true;
    END IF;
  END IF;

  SELECT a.id INTO STRICT revenue_account FROM ledger_accounts a WHERE a.code = 'company_revenue' AND a.kind = 'system';
  SELECT a.id INTO STRICT expense_account FROM ledger_accounts a WHERE a.code = 'bonus_expense' AND a.kind = 'system';
  -- Wallets exist from their first posting on: create the missing ones, then lock all in id order.
  SELECT array_agg(w.owner_id), array_agg(w.wallet) INTO owners, wallets
    FROM (SELECT buyer_id AS owner_id, 'deposit' AS wallet
          UNION ALL SELECT (p ->> 'memberId')::bigint, 'income' FROM jsonb_array_elements(payouts) AS p) w;
  INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance)
  SELECT 'member', w.owner_id, w.wallet, 'USDT', 0
    FROM unnest(owners, wallets) AS w (owner_id, wallet)
   WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_id = w.owner_id AND a.wallet = w.wallet)
   ORDER BY w.owner_id, w.wallet
  ON CONFLICT (owner_id, wallet) DO NOTHING;
  FOR locked IN
    SELECT a.id, a.owner_id, a.wallet, a.balance
      FROM ledger_accounts a JOIN unnest(owners, wallets) AS w (owner_id, wallet) ON a.owner_id = w.owner_id AND a.wallet = w.wallet
     ORDER BY a.id
       FOR NO KEY UPDATE OF a
  LOOP
    IF locked.wallet = 'deposit' THEN
      buyer_wallet := locked.id;
      buyer_balance := locked.balance;
    END IF;
  END LOOP;
  IF buyer_wallet IS NULL OR buyer_balance < price THEN
    RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'PT422', DETAIL = COALESCE(buyer_balance, 0)::text;
  END IF;

  -- One statement, lines in the order postEntry wrote them, zero lines left out.
  INSERT INTO postings (entry_id, account_id, amount, balance_after)
  SELECT entry_id, l.account_id, l.amount, l.balance_after
    FROM (SELECT 1 AS n, buyer_wallet AS account_id, -price AS amount, buyer_balance - price AS balance_after
          UNION ALL SELECT 2, revenue_account, price, NULL
          UNION ALL SELECT 3, expense_account, -paid_total, NULL
          UNION ALL SELECT 3 + (p ->> 'level')::int, a.id, (p ->> 'amount')::numeric, a.balance + (p ->> 'amount')::numeric
                      FROM jsonb_array_elements(payouts) AS p
                      JOIN ledger_accounts a ON a.owner_id = (p ->> 'memberId')::bigint AND a.wallet = 'income') AS l
   WHERE l.amount <> 0
   ORDER BY l.n;

  RETURN jsonb_build_object('purchaseId', purchase_id, 'entryId', entry_id, 'kind', kind, 'packageId', pkg.id, 'packageName', pkg.name,
    'price', price::text, 'bv', trim_scale(pkg.bv)::text, 'paid', payouts, 'volumePending', volume_pending,
    'createdAtMs', floor(extract(epoch FROM entry_at) * 1000)::bigint);
END $$;
