-- One purchase or repurchase of a group run by plan_purchases.sql: the
-- session (when the API left its check here), the Idempotency-Key claimed,
-- the buyer, the package (active) and the balance checked before anything is
-- written; then the purchase, the referral bonuses of active uplines (each
-- level's share: plan_referral_share.sql), the member's package, the BV (a roll-up event,
-- or pending while unplaced), the stored answer and the postings in one
-- statement (deposit wallet, company revenue, bonus expense, the uplines'
-- income wallets). `q` is {buyer, session, package, key, hash} as
-- purchases/buy-package.ts sends it; `rates` the levels' referral rates in parts
-- per million and `rate_texts` the percentages recorded with each bonus.
-- Returns {replayed: false, response}, a repeated key's stored answer
-- {replayed: true, hash, status, response}, or {refused: code, detail}
-- (plan_purchase_refused.sql), the others of the group untouched.
-- See docs/plan.md and docs/decisions/0025-group-commit-for-the-hot-money-paths.md.
CREATE OR REPLACE FUNCTION plan_purchase_one(q jsonb, rates numeric[], rate_texts text[], revenue_account bigint, expense_account bigint)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  buyer_id bigint := (q ->> 'buyer')::bigint;
  idem_key text := q ->> 'key';
  refused text;
  owners bigint[];
  wallets text[];
  buyer record;
  pkg record;
  locked record;
  gate jsonb;
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
  answer jsonb;
BEGIN
  -- The session and the Idempotency-Key (ledger_request_gate.sql).
  gate := ledger_request_gate(q, buyer_id, 'purchase', idem_key);
  IF gate IS NOT NULL THEN
    RETURN gate;
  END IF;

  -- The buyer's member row (NO KEY UPDATE: purchases below it insert bonus
  -- rows referencing it), the package FOR SHARE and the buyer's deposit
  -- wallet are held by the group already.
  SELECT m.active, m.package_price, u.username INTO buyer
    FROM members m JOIN users u ON u.id = m.user_id WHERE m.user_id = buyer_id
     FOR NO KEY UPDATE OF m;
  IF NOT FOUND THEN
    refused := 'MEMBER_NOT_FOUND';
  ELSE
    SELECT p.id, p.name, p.price, p.bv, p.active INTO pkg FROM packages p WHERE p.id = (q ->> 'package')::bigint FOR SHARE;
    IF NOT FOUND THEN
      refused := 'PACKAGE_NOT_FOUND';
    ELSIF NOT pkg.active THEN
      RETURN plan_purchase_refused(buyer_id, idem_key, 'PACKAGE_INACTIVE', pkg.name);
    ELSE
      SELECT a.balance INTO buyer_balance FROM ledger_accounts a WHERE a.owner_id = buyer_id AND a.wallet = 'deposit';
      IF COALESCE(buyer_balance, 0) < pkg.price THEN
        RETURN plan_purchase_refused(buyer_id, idem_key, 'INSUFFICIENT_BALANCE', COALESCE(buyer_balance, 0)::text);
      END IF;
    END IF;
  END IF;
  IF refused IS NOT NULL THEN
    RETURN plan_purchase_refused(buyer_id, idem_key, refused, NULL);
  END IF;
  price := pkg.price;
  kind := CASE WHEN buyer.active THEN 'repurchase' ELSE 'purchase' END;

  -- The sponsor (level 1) and up: an active upline earns its level's share (plan_referral_share.sql) when above zero.
  WITH RECURSIVE up (user_id, sponsor_id, level) AS (
    SELECT s.user_id, s.sponsor_id, 1 FROM members b JOIN members s ON s.user_id = b.sponsor_id
     WHERE b.user_id = buyer_id AND coalesce(array_length(rates, 1), 0) >= 1
    UNION ALL
    SELECT s.user_id, s.sponsor_id, up.level + 1 FROM up JOIN members s ON s.user_id = up.sponsor_id
     WHERE up.level < array_length(rates, 1)
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('memberId', x.user_id, 'level', x.level, 'username', x.username, 'amount', x.amount::text,
                                            'rate', rate_texts[x.level]) ORDER BY x.level), '[]'::jsonb),
         coalesce(sum(x.amount), 0)
    INTO payouts, paid_total
    FROM (SELECT up.user_id, up.level, u.username, plan_referral_share(price, rates, up.level) AS amount
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
  -- Activated or a dearer package: the next rank evaluation looks at the buyer (and their sponsor) again (0036b_rank_changes.sql).
  IF NOT buyer.active OR buyer.package_price IS NULL OR buyer.package_price < price THEN
    INSERT INTO rank_changes (member_id) VALUES (buyer_id) ON CONFLICT DO NOTHING;
  END IF;
  -- The BV joins the placement ancestors' legs through the roll-up; an unplaced buyer keeps it pending.
  IF pkg.bv > 0 THEN
    IF EXISTS (SELECT 1 FROM network_nodes n WHERE n.member_id = buyer_id) THEN
      INSERT INTO network_events (member_id, kind, volume, purchase_id) VALUES (buyer_id, 'volume', trim_scale(pkg.bv), purchase_id);
    ELSE
      UPDATE members m SET pending_volume = m.pending_volume + trim_scale(pkg.bv) WHERE m.user_id = buyer_id;
      volume_pending := true;
    END IF;
  END IF;

  answer := jsonb_build_object('purchaseId', purchase_id, 'entryId', entry_id, 'kind', kind, 'packageId', pkg.id, 'packageName', pkg.name,
    'price', price::text, 'bv', trim_scale(pkg.bv)::text, 'paid', payouts, 'volumePending', volume_pending,
    'createdAtMs', floor(extract(epoch FROM entry_at) * 1000)::bigint);
  IF idem_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status_code = 201, response = answer
     WHERE k.user_id = buyer_id AND k.operation = 'purchase' AND k.key = idem_key;
  END IF;

  -- Wallets exist from their first posting on: create the missing ones, then
  -- lock all in id order (held by the group already, but those just made).
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
  -- Checked above on the wallet the group holds; only a wallet it did not hold could fail here.
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

  RETURN jsonb_build_object('replayed', false, 'response', answer);
END $$;
