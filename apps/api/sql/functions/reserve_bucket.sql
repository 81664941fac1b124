-- The bucket of a leaf of the proof of reserves: the first `bits` bits of
-- its salt (reserve_salt.sql), so that a member's bucket is found from the
-- member alone and the leaves of a bucket are a random handful of members.
-- Used where the tree is built and where a member's path is read
-- (apps/api/src/reserves/).
CREATE OR REPLACE FUNCTION reserve_bucket(salt bytea, bits int)
RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((get_byte(salt, 0) << 16) | (get_byte(salt, 1) << 8) | get_byte(salt, 2)) >> (24 - bits)
$$;
