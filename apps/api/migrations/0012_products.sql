-- Products and redemption (PRODUCT.md §10). See docs/decisions/0011-product-images-and-redemptions.md.
-- Prices and points are base units (18 decimals) as numeric(40,0), like
-- every amount; stock is a whole number of pieces that never goes negative.

CREATE TABLE products (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  price       numeric(40, 0) NOT NULL CHECK (price > 0),
  stock       integer NOT NULL CHECK (stock >= 0),
  active      boolean NOT NULL DEFAULT true,
  -- The picture: the SHA-256 of its re-encoded bytes names the files
  -- (<hash>.<format> and <hash>-thumb.<format>) in the media folder.
  image_hash   text CHECK (image_hash ~ '^[0-9a-f]{64}$'),
  image_format text CHECK (image_format IN ('webp')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT products_image_shape CHECK ((image_hash IS NULL) = (image_format IS NULL))
);
CREATE UNIQUE INDEX products_name_key ON products (lower(name));
CREATE INDEX products_active_name_idx ON products (active, lower(name), id);

-- One redemption: the points left the point wallet and the stock left the
-- shelf in the same transaction as this row (entry_id). A rejection returns
-- both in one transaction with a reversing entry (refund_entry_id).
CREATE TABLE redemptions (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id        bigint NOT NULL REFERENCES members (user_id),
  product_id       bigint NOT NULL REFERENCES products (id),
  -- The name at the time of redemption: a later rename does not rewrite history.
  product_name     text NOT NULL,
  quantity         integer NOT NULL CHECK (quantity > 0),
  unit_price       numeric(40, 0) NOT NULL CHECK (unit_price > 0),
  points           numeric(40, 0) NOT NULL CHECK (points > 0 AND points = unit_price * quantity),
  delivery_address text NOT NULL CHECK (length(delivery_address) BETWEEN 1 AND 500),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  entry_id         bigint NOT NULL UNIQUE REFERENCES journal_entries (id),
  refund_entry_id  bigint UNIQUE REFERENCES journal_entries (id),
  reason           text CHECK (length(reason) <= 500),
  decided_by       bigint REFERENCES users (id),
  decided_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT redemptions_decision_shape CHECK (
    (status = 'pending' AND decided_at IS NULL AND decided_by IS NULL AND reason IS NULL AND refund_entry_id IS NULL)
    OR (status = 'approved' AND decided_at IS NOT NULL AND reason IS NULL AND refund_entry_id IS NULL)
    OR (status = 'rejected' AND decided_at IS NOT NULL AND reason IS NOT NULL AND refund_entry_id IS NOT NULL)
  )
);
CREATE INDEX redemptions_member_idx ON redemptions (member_id, id);
CREATE INDEX redemptions_status_idx ON redemptions (status, id);
CREATE INDEX redemptions_decided_idx ON redemptions (decided_at, id) WHERE decided_at IS NOT NULL;

-- A decision is final: a decided redemption never changes again, and none is deleted.
-- (redemptions_decide_once.sql in apps/api/sql/functions/)
CREATE TRIGGER redemptions_decide_once BEFORE UPDATE OR DELETE ON redemptions
  FOR EACH ROW EXECUTE FUNCTION redemptions_decide_once();
