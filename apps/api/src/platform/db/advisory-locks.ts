/**
 * Every advisory lock id the portal takes, in one list so that no two uses
 * share an id by accident (apps/api/test/platform/db/advisory-locks.test.ts checks
 * they differ). Each is held for one transaction (pg_advisory_xact_lock or
 * its try form), so a crash never leaves one taken. The sign-in throttle's
 * per-account locks are not here: they are hashes of the account's key
 * (auth/throttle.ts).
 */
export const ADVISORY_LOCKS = {
  /** Migrations, one process at a time on a server (db/migrate.ts). */
  migration: 724_311,
  /** The first start's seeding: one admin, one company account (setup/bootstrap.ts). */
  bootstrap: 724_312,
  /** The placement rollup's batches; the close takes it too (network/rollup.ts, plan/close.ts). */
  networkRollup: 724_400,
  /** The admin dashboard's daily totals (dashboard/rollup.ts). */
  dailyTotals: 724_420,
  /** The tables' analyze and vacuum pass (db/upkeep.ts). */
  upkeep: 724_432,
  /** Closes, their pays and rank evaluations, one at a time (plan/close.ts, plan/pay.ts, ranks/evaluate.ts). */
  planClose: 724_500,
  /** The audit chain's verification pass (audit/verification.ts). */
  auditVerify: 724_540,
  /** A proof of reserves, one built at a time (reserves/build-reserve-proof.ts). */
  reserveProof: 724_560,
  /** Automatic withdrawal approvals, so the day's running total is read by one at a time (withdrawals/approvals.ts). */
  autoApproval: 3_500_001,
} as const;
