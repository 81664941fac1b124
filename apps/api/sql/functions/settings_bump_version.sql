-- Trigger settings_versioned (AFTER any change ON settings, per statement;
-- migration 0014_money_paths_in_one_statement.sql): every change of the
-- settings, by any statement, gives them a new random version in the same
-- transaction and tells the other processes (NOTIFY portal_settings, sent at
-- commit). A process caches the settings under their version; each money
-- statement compares that version with the one it sees (ledger_transfers,
-- plan_purchases), so no event uses settings changed before it began.
-- See docs/decisions/0013a-settings-cache.md.
CREATE OR REPLACE FUNCTION settings_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v uuid := gen_random_uuid();
BEGIN
  UPDATE settings_version SET version = v;
  -- Tells the other processes to drop their copy (delivered at commit).
  PERFORM pg_notify('portal_settings', v::text);
  RETURN NULL;
END $$;
