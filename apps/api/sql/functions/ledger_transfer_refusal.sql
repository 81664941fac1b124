-- Every rule that refuses a transfer, stated once: the movement
-- (ledger_transfer_one.sql) and the questions the page asks before it
-- (apps/api/src/transfers/transfer-check.ts, for the receiver lookup and the
-- quote) all ask here. The receiver, by username key, is a member, not the
-- company's root (it tops the trees and belongs to no one's wallet), not the
-- sender, and active. With an amount (base units; its fee and the minimum
-- priced by apps/api/src/transfers/price.ts under the settings in force):
-- at least the minimum, something left after the fee, and the sender's
-- deposit wallet holding the amount. `refused` is NULL when none refuses;
-- `detail` is the blocked receiver's username or the sender's balance; the
-- receiver's columns are filled whenever the username names a member.
CREATE OR REPLACE FUNCTION ledger_transfer_refusal(sender_id bigint, receiver_key text, amount numeric, fee numeric, minimum numeric,
  OUT refused text, OUT detail text, OUT receiver_id bigint, OUT receiver_username text, OUT receiver_full_name text) LANGUAGE plpgsql AS $$
DECLARE
  receiver record;
  sender_balance numeric;
BEGIN
  SELECT u.id, u.username, u.full_name, u.status, (m.user_id IS NOT NULL) AS is_member,
         (m.user_id IS NOT NULL AND m.sponsor_id IS NULL) AS is_root INTO receiver
    FROM users u LEFT JOIN members m ON m.user_id = u.id
   WHERE u.username_key = receiver_key;
  IF NOT FOUND OR NOT receiver.is_member THEN
    refused := 'RECEIVER_NOT_FOUND';
    RETURN;
  END IF;
  receiver_id := receiver.id;
  receiver_username := receiver.username;
  receiver_full_name := receiver.full_name;
  IF receiver.is_root THEN
    refused := 'RECEIVER_IS_ROOT';
  ELSIF receiver.id = sender_id THEN
    refused := 'TRANSFER_TO_SELF';
  ELSIF receiver.status <> 'active' THEN
    refused := 'RECEIVER_BLOCKED';
    detail := receiver.username;
  ELSIF amount IS NULL THEN
    RETURN;
  ELSIF amount < minimum THEN
    refused := 'BELOW_MINIMUM';
  ELSIF amount - fee <= 0 THEN
    refused := 'AMOUNT_TOO_SMALL';
  ELSE
    SELECT a.balance INTO sender_balance FROM ledger_accounts a WHERE a.owner_id = sender_id AND a.wallet = 'deposit';
    IF sender_balance IS NULL OR sender_balance < amount THEN
      refused := 'INSUFFICIENT_BALANCE';
      detail := COALESCE(sender_balance, 0)::text;
    END IF;
  END IF;
END $$;
