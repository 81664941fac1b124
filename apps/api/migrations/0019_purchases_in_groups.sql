-- Purchases committed in groups (docs/decisions/0025-group-commit-for-the-hot-money-paths.md),
-- as transfers are since 0018. Buyers who share an upline each held that upline's income
-- wallet until their own commit was flushed; now the purchases that arrived
-- together hold every row they need first, in id order, run one after the
-- other and end in one commit.
--
-- Each purchase is checked and written as `plan_purchase` (0014, 0017) did
-- it, with the same rows, bonuses, volumes and postings, but everything it
-- can refuse is checked before it writes anything, and a refusal is returned
-- as that purchase's outcome, its key released, the others untouched.

-- The functions are apps/api/sql/functions/plan_purchases.sql, its step
-- plan_purchase_one.sql and plan_purchase_refused.sql, one file each,
-- created before pending migrations run
-- (docs/decisions/0029-sql-functions-one-file-each.md). What is left here is
-- the drop of the one-purchase function they replace, where a database still
-- has it (one created after 0029 never did).
DROP FUNCTION IF EXISTS plan_purchase(bigint, uuid, bigint, numeric[], text[], uuid, text, text);
