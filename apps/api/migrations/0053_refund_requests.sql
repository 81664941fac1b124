-- A refund above the large-approval threshold takes two admins
-- (apps/api/src/refunds/refund-purchase.ts; docs/decisions/0067-refunds-and-clawbacks.md):
-- the first asks, with the reason; a second, another admin, confirms and the
-- refund is made. One request per purchase; it stands until the purchase is undone.
CREATE TABLE purchase_refund_requests (
  purchase_id  bigint PRIMARY KEY REFERENCES purchases (id),
  requested_by bigint NOT NULL REFERENCES users (id),
  reason       text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER purchase_refund_requests_permanent BEFORE UPDATE OR DELETE ON purchase_refund_requests
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- Who confirmed a refund asked by another admin (NULL: one admin was enough, or the member cancelled).
ALTER TABLE purchase_refunds ADD COLUMN confirmed_by bigint REFERENCES users (id);
