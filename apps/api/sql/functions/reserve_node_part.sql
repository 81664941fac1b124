-- One child's part of a node's text in the proof of reserves' tree:
-- `<hash hex>|<deposit>|<income>|<withdrawing>|<points>`. A node's hash is
-- sha256 of `node|` and its children's parts joined by `|`, so it commits
-- to each child's sums, not only to their total (a negative child cannot
-- hide in a sum). The same text: `reserveNodeText` in packages/contract/src/reserves.ts.
CREATE OR REPLACE FUNCTION reserve_node_part(hash bytea, deposit numeric, income numeric, withdrawing numeric,
                                             points numeric)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws('|', encode(hash, 'hex'), deposit, income, withdrawing, points)
$$;
