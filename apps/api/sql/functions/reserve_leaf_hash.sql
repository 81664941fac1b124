-- A leaf of the proof of reserves' Merkle sum tree: the hash of
-- `leaf|<salt hex>|<member id>|<deposit>|<income>|<withdrawing>|<points>`,
-- amounts in base units. The member id binds the leaf to one member (two
-- members with equal balances cannot be shown one leaf). The same text is
-- built by `reserveLeafText` in packages/contract/src/reserves.ts, which
-- members' browsers and scripts/verify-reserve-proof.ts check proofs with.
CREATE OR REPLACE FUNCTION reserve_leaf_hash(salt bytea, member_id bigint, deposit numeric, income numeric,
                                             withdrawing numeric, points numeric)
RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sha256(convert_to(concat_ws('|', 'leaf', encode(salt, 'hex'), member_id, deposit, income, withdrawing, points), 'UTF8'))
$$;
