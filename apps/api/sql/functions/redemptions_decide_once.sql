-- Trigger redemptions_decide_once (BEFORE UPDATE OR DELETE ON redemptions;
-- migration 0012_products.sql): a decision is final. A decided redemption
-- never changes again, a pending one may change only its decision, and
-- none is deleted. See docs/decisions/0011-product-images-and-redemptions.md.
CREATE OR REPLACE FUNCTION redemptions_decide_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'redemptions are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'redemption % was already decided', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.member_id <> OLD.member_id OR NEW.product_id <> OLD.product_id OR NEW.quantity <> OLD.quantity
     OR NEW.points <> OLD.points OR NEW.entry_id <> OLD.entry_id OR NEW.delivery_address <> OLD.delivery_address THEN
    RAISE EXCEPTION 'redemption % may only change its decision', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
