-- A step in the sponsor tree, as a prefix-free bit code of the member's rank
-- among its sponsor's referrals (1st, 2nd, …): n = 2^k + r is k ones, a zero,
-- then r in k bits. 1 -> 0, 2 -> 100, 3 -> 101, 4 -> 11000. Concatenated
-- from the root, these codes make members.sponsor_key, so "X is in P's
-- sponsor tree" is a prefix test (docs/decisions/0005-network-path-keys-and-rollup.md).
-- Called by network_member_joins.sql and by the data move of migration
-- 0003_network.sql (the migrator creates the functions in force before it
-- runs pending migrations, docs/decisions/0029-sql-functions-one-file-each.md).
CREATE OR REPLACE FUNCTION network_sponsor_code(n bigint) RETURNS varbit
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT (repeat('1', k) || '0' || right(bits, k))::varbit
    FROM (SELECT ltrim((n::bit(64))::text, '0') AS bits) AS b,
         LATERAL (SELECT length(bits) - 1 AS k) AS l
$$;
