-- Trigger members_network_join (BEFORE INSERT ON members, when the insert
-- states no sponsor key; migration 0003_network.sql): whatever inserts a
-- member gets its sponsor key, depth and rank (its sponsor's direct_count
-- moves in the same statement); the root is placed at once. The bulk
-- generator of the benchmarks fills these in itself and skips the trigger.
-- See docs/decisions/0005-network-path-keys-and-rollup.md.
CREATE OR REPLACE FUNCTION network_member_joins() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rank bigint;
  parent_depth int;
  parent_key varbit;
BEGIN
  IF NEW.sponsor_id IS NULL THEN
    NEW.sponsor_depth := 0;
    NEW.sponsor_key := B'';
    NEW.placed := true;
    RETURN NEW;
  END IF;
  UPDATE members SET direct_count = direct_count + 1
   WHERE user_id = NEW.sponsor_id
  RETURNING direct_count, sponsor_depth, sponsor_key INTO rank, parent_depth, parent_key;
  NEW.sponsor_depth := parent_depth + 1;
  NEW.sponsor_key := parent_key || network_sponsor_code(rank);
  NEW.placed := false;
  RETURN NEW;
END $$;
