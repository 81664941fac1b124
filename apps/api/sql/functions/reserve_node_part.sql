-- One child's part of a node's text in the proof of reserves' tree:
-- `<hash hex>|<deposit>|<income>|<withdrawing>|<points>`. A node's hash is
-- sha256 of `node|` and its children's parts joined by `|`, so it commits
-- to each child's sums, not only to their total (a negative child cannot
-- hide in a sum). The same text: `reserveNodeText` in packages/contract/src/reserves.ts. Only
-- immutable parts (not concat_ws, which is stable), so that it is inlined (reserve_leaf_hash.sql).
CREATE OR REPLACE FUNCTION reserve_node_part(hash bytea, deposit numeric, income numeric, withdrawing numeric,
                                             points numeric)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT encode(hash, 'hex') || '|' || deposit::text || '|' || income::text || '|' || withdrawing::text || '|' || points::text
$$;
