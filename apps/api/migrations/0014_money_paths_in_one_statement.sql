-- Money paths in one statement, settings cached per process.
-- See docs/decisions/0013-one-statement-per-money-movement.md and docs/performance.md.
--
-- This migration also created the first one-statement money functions
-- (ledger_transfer, plan_purchase) and the session check they called
-- (auth_check_session); 0018 and 0019 replaced the first two by the group
-- functions in force, and 0025 drops the third. Their bodies are no longer
-- restated here: every function in force is one file of apps/api/sql/functions/,
-- created before pending migrations run, and a database that ran this file
-- when it still held them drops them in 0018, 0019 and 0025
-- (docs/decisions/0029-sql-functions-one-file-each.md).

-- Settings: every change, by any statement, gives the settings a new random
-- version in the same transaction. A process keeps the settings it last read
-- with their version; an event compares that version with the one its own
-- transaction sees, so it never uses settings changed before it began.
CREATE TABLE settings_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   uuid NOT NULL
);
INSERT INTO settings_version (version) VALUES (gen_random_uuid());

-- The trigger's function: settings_bump_version (apps/api/sql/functions/).
CREATE TRIGGER settings_versioned AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION settings_bump_version();
