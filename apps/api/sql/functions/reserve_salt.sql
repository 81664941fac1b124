-- A member's salt in one proof of reserves (docs/decisions/0064-proof-of-reserves.md):
-- derived from the proof's secret seed, so that it need not be stored per
-- member, and unguessable without it, so that no one can tell whose a leaf
-- is from its hash. Given to the member in their own inclusion proof only.
CREATE OR REPLACE FUNCTION reserve_salt(seed bytea, member_id bigint)
RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sha256(seed || int8send(member_id))
$$;
