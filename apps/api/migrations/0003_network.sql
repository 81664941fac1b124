-- The network: the sponsor tree's keys on members, the binary placement tree,
-- and the events that roll team counts (and, later, leg volumes) up the tree.
-- See docs/network.md and docs/decisions/0005-network-path-keys-and-rollup.md.

-- A step in the sponsor tree is a prefix-free bit code of the member's rank
-- among its sponsor's referrals: network_sponsor_code (apps/api/sql/functions/,
-- like every function this migration's triggers and data move use; they exist
-- before it runs, docs/decisions/0029-sql-functions-one-file-each.md).

-- sponsor_key: the codes of every step from the root, so "X is in P's sponsor
-- tree" is "P's key is a prefix of X's key", checked without walking.
-- placed: false while the member waits for its sponsor to place it.
ALTER TABLE members
  ADD COLUMN sponsor_depth int,
  ADD COLUMN sponsor_key   varbit,
  ADD COLUMN direct_count  int NOT NULL DEFAULT 0 CHECK (direct_count >= 0),
  ADD COLUMN placed        boolean NOT NULL DEFAULT false;

-- Children in join order, and the waiting room of each sponsor.
CREATE INDEX members_sponsor_children_idx ON members (sponsor_id, user_id);
CREATE INDEX members_unplaced_idx ON members (sponsor_id, user_id) WHERE NOT placed;
-- Username prefix search in byte order (LIKE 'abc%' and ORDER BY on one index).
CREATE INDEX users_username_prefix_idx ON users ((lower(username) COLLATE "C"));

-- Whatever inserts a member gets its sponsor key, depth and rank; the root
-- is placed at the top at once (network_member_joins.sql). The bulk generator
-- fills these in itself.
CREATE TRIGGER members_network_join BEFORE INSERT ON members
  FOR EACH ROW WHEN (NEW.sponsor_key IS NULL) EXECUTE FUNCTION network_member_joins();

-- The binary placement tree. path: the sides from the root (0 left, 1 right)
-- followed by a terminating 1; in PostgreSQL's bit-string order that sorts
-- the tree in order (left subtree, node, right subtree), so a subtree is one
-- range of the path index and its outermost left (right) position is the
-- first (last) row of that range. Counts and volumes of each leg are kept
-- here by the roll-up (network/rollup.ts), never inside a request.
CREATE TABLE network_nodes (
  member_id    bigint PRIMARY KEY REFERENCES members (user_id),
  parent_id    bigint REFERENCES network_nodes (member_id),
  side         text CHECK (side IN ('left', 'right')),
  depth        int NOT NULL CHECK (depth >= 0),
  path         varbit NOT NULL,
  left_count   bigint NOT NULL DEFAULT 0 CHECK (left_count >= 0),
  right_count  bigint NOT NULL DEFAULT 0 CHECK (right_count >= 0),
  left_volume  numeric NOT NULL DEFAULT 0,
  right_volume numeric NOT NULL DEFAULT 0,
  placed_at    timestamptz NOT NULL DEFAULT now(),
  -- Who chose the slot; NULL when spillover placed the member automatically.
  placed_by    bigint REFERENCES users (id),
  CONSTRAINT network_nodes_shape CHECK (
    (parent_id IS NULL) = (side IS NULL)
    AND (parent_id IS NULL) = (depth = 0)
    AND bit_length(path) = depth + 1
  ),
  -- Two placements racing for one slot: exactly one wins.
  CONSTRAINT network_nodes_slot_key UNIQUE (parent_id, side)
)
-- Room on each page for the roll-up's updates of the counts to stay HOT
-- (no index entry rewritten): it rewrites the same ancestors again and again.
WITH (fillfactor = 80);
CREATE UNIQUE INDEX network_nodes_path_key ON network_nodes (path);
CREATE INDEX network_nodes_level_idx ON network_nodes (depth, path);
CREATE UNIQUE INDEX network_nodes_single_root ON network_nodes ((true)) WHERE parent_id IS NULL;

-- The root tops the placement tree from the start (network_place_root.sql).
CREATE TRIGGER members_network_root AFTER INSERT ON members
  FOR EACH ROW WHEN (NEW.sponsor_id IS NULL) EXECUTE FUNCTION network_place_root();

-- What happened below a node and has yet to reach its ancestors' legs: one
-- row per placement (count_delta 1) and, from the plan, per purchase
-- (volume). The roll-up applies them in batches, once, and keeps them.
CREATE TABLE network_events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id    bigint NOT NULL REFERENCES network_nodes (member_id),
  kind         text NOT NULL CHECK (kind IN ('placement', 'volume')),
  count_delta  int NOT NULL DEFAULT 0,
  volume       numeric NOT NULL DEFAULT 0 CHECK (volume >= 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  rolled_up_at timestamptz
);
CREATE INDEX network_events_pending_idx ON network_events (id) WHERE rolled_up_at IS NULL;
CREATE INDEX network_events_member_idx ON network_events (member_id);

-- Members who joined before this migration: sponsor keys from the existing
-- sponsor tree, the root at the top of the placement tree, everyone else
-- waiting for their sponsor.
WITH RECURSIVE ranked AS (
  SELECT user_id, sponsor_id, row_number() OVER (PARTITION BY sponsor_id ORDER BY joined_at, user_id) AS rank
    FROM members
), tree AS (
  SELECT user_id, 0 AS depth, B''::varbit AS key FROM members WHERE sponsor_id IS NULL
  UNION ALL
  SELECT r.user_id, t.depth + 1, t.key || network_sponsor_code(r.rank)
    FROM tree t JOIN ranked r ON r.sponsor_id = t.user_id
)
UPDATE members m SET sponsor_depth = tree.depth, sponsor_key = tree.key, placed = (m.sponsor_id IS NULL)
  FROM tree WHERE tree.user_id = m.user_id;
UPDATE members m SET direct_count = c.n
  FROM (SELECT sponsor_id, count(*) AS n FROM members WHERE sponsor_id IS NOT NULL GROUP BY sponsor_id) c
 WHERE c.sponsor_id = m.user_id;
INSERT INTO network_nodes (member_id, depth, path) SELECT user_id, 0, B'1' FROM members WHERE sponsor_id IS NULL;
ALTER TABLE members ALTER COLUMN sponsor_depth SET NOT NULL, ALTER COLUMN sponsor_key SET NOT NULL;
