-- A leaf of the proof of reserves' Merkle sum tree: the hash of
-- `leaf|<salt hex>|<member id>|<deposit>|<income>|<withdrawing>|<points>`,
-- amounts in base units. The member id binds the leaf to one member (two
-- members with equal balances cannot be shown one leaf). The same text is
-- built by `reserveLeafText` in packages/contract/src/reserves.ts, which
-- members' browsers and scripts/verify-reserve-proof.ts check proofs with. STABLE, as convert_to is:
-- PostgreSQL inlines a SQL function only if its body is no more volatile than it says, and a function
-- call per leaf (rather than its expression inlined) made a million leaves take several times longer.
CREATE OR REPLACE FUNCTION reserve_leaf_hash(salt bytea, member_id bigint, deposit numeric, income numeric,
                                             withdrawing numeric, points numeric)
RETURNS bytea LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT sha256(convert_to('leaf|' || encode(salt, 'hex') || '|' || member_id::text || '|' || deposit::text || '|'
                           || income::text || '|' || withdrawing::text || '|' || points::text, 'UTF8'))
$$;
