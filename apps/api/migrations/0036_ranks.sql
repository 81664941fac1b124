-- Ranks and their one-time advancement bonuses (docs/plan.md "Ranks",
-- docs/decisions/0043-ranks.md).
--
-- Admins define ranks in order (`position`, 1 the lowest). Every requirement
-- is optional (NULL: not required): the member's own package at least as
-- dear as `min_package_id`'s price at evaluation; at least `min_sponsored`
-- personally sponsored active members; at least `min_weaker_leg_bv` BV on
-- the weaker leg (lifetime: all BV ever rolled up to each leg; period: the
-- BV matched by the closes of the evaluation's UTC month); at least
-- `min_ranked_count` personally sponsored members holding `min_ranked_rank`
-- (a rank earlier in the order) or a later one.
CREATE TABLE ranks (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  position          int NOT NULL CHECK (position >= 1),
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  colour            text NOT NULL CHECK (colour ~ '^#[0-9a-f]{6}$'),
  kind              text NOT NULL CHECK (kind IN ('lifetime', 'period')),
  min_package_id    bigint REFERENCES packages (id),
  min_sponsored     int CHECK (min_sponsored >= 1),
  min_weaker_leg_bv numeric CHECK (min_weaker_leg_bv > 0),
  min_ranked_rank   bigint REFERENCES ranks (id),
  min_ranked_count  int CHECK (min_ranked_count >= 1),
  bonus             numeric(40, 0) NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  active            boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((min_ranked_rank IS NULL) = (min_ranked_count IS NULL))
);
CREATE UNIQUE INDEX ranks_name_key ON ranks (lower(name));
-- Reordering swaps positions inside one transaction: checked at its end.
ALTER TABLE ranks ADD CONSTRAINT ranks_position_key UNIQUE (position) DEFERRABLE INITIALLY DEFERRED;

-- Once per member and rank, ever: the bonus is paid with the first
-- achievement, and a period rank lost and regained adds nothing. `entry_id`
-- is set once, by the evaluation (review off) or by the pay of a close
-- (review on, plan/pay.ts); `close_date`: the close that found it (NULL: an
-- admin's on-demand evaluation).
CREATE TABLE rank_achievements (
  member_id  bigint NOT NULL REFERENCES members (user_id),
  rank_id    bigint NOT NULL REFERENCES ranks (id),
  reached_on date NOT NULL,
  reached_at timestamptz NOT NULL DEFAULT now(),
  close_date date REFERENCES matching_closes (close_date),
  bonus      numeric(40, 0) NOT NULL CHECK (bonus >= 0),
  entry_id   bigint REFERENCES journal_entries (id),
  PRIMARY KEY (member_id, rank_id)
);
CREATE INDEX rank_achievements_reached_idx ON rank_achievements (reached_on, member_id);
CREATE INDEX rank_achievements_unpaid_idx ON rank_achievements (member_id) WHERE entry_id IS NULL AND bonus > 0;
CREATE TRIGGER rank_achievements_kept BEFORE DELETE ON rank_achievements
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- The rank a member holds now (no row: none): the highest lifetime rank
-- achieved, or a period rank whose requirements the last evaluation found met.
CREATE TABLE member_ranks (
  member_id bigint PRIMARY KEY REFERENCES members (user_id),
  rank_id   bigint NOT NULL REFERENCES ranks (id),
  since     date NOT NULL
);
CREATE INDEX member_ranks_rank_idx ON member_ranks (rank_id);

-- Lifetime BV of each leg: every volume the roll-up ever added, never cut by
-- a close (network/rollup.ts writes them in the same UPDATE as the legs).
ALTER TABLE network_nodes
  ADD COLUMN left_lifetime_volume  numeric NOT NULL DEFAULT 0,
  ADD COLUMN right_lifetime_volume numeric NOT NULL DEFAULT 0;

-- Backfill: the legs only ever lose what a close matched (the same amount
-- from both), so lifetime = what is left + everything matched.
UPDATE network_nodes n
   SET left_lifetime_volume = n.left_volume + m.matched, right_lifetime_volume = n.right_volume + m.matched
  FROM (SELECT member_id, sum(matched) AS matched FROM matching_bonuses GROUP BY member_id) m
 WHERE m.member_id = n.member_id;
UPDATE network_nodes SET left_lifetime_volume = left_volume, right_lifetime_volume = right_volume
 WHERE left_lifetime_volume = 0 AND right_lifetime_volume = 0 AND (left_volume > 0 OR right_volume > 0);

