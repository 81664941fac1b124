-- Triggers ranks_changed (any change ON ranks) and rank_packages_repriced
-- (UPDATE OF price ON packages), per statement; migration
-- 0036b_rank_changes.sql: the next rank evaluation reads every active
-- member (a full pass), since what a rank requires changed for everyone.
CREATE OR REPLACE FUNCTION ranks_definitions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rank_evaluation SET full_pass = true WHERE NOT full_pass;
  RETURN NULL;
END $$;
