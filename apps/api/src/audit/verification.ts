import type { AuditVerification } from '@portal/contract';
import type { Database, Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { CHAIN_START, checkChain, reasonText, type ChainBreakReason, type ChainCheck } from './verify-chain';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';

/**
 * The verified watermark (audit_chain_verified, migration 0045_audit_chain.sql;
 * docs/decisions/0054-audit-chain.md): how far the chain was last found whole,
 * and where it first did not match. The job (verify-job.ts) and
 * `npm run audit:verify` write it; the audit page reads it, so showing the last
 * verified entry costs one row however long the log is.
 */
/** The whole chain is checked again this often; the passes between check only the entries added since. */
export const FULL_CHECK_EVERY_MS = 24 * 3_600_000;
/** Positions a job's pass checks at most: about 0.15 s, so PGlite's one connection is never held long. */
export const PASS_POSITIONS = 10_000;

interface StateRow {
  verified_position: string;
  verified_hash: string;
  full_check_at: Date | null;
  sweep_position: string | null;
  sweep_hash: string | null;
  broken_position: string | null;
}

export interface VerifyPass {
  /** 'busy': another process holds the lock; 'waiting': the chain is broken and the next full check is not due. */
  outcome: ChainCheck | 'busy' | 'waiting';
  /** The pass was a check of the whole chain, or a part of one. */
  full: boolean;
}

/**
 * One pass of the job, under a transaction-scoped advisory lock (one process
 * at a time; the row moves in the same transaction): the next part of a
 * check of the whole chain while one is running or due (the sweep, at most
 * PASS_POSITIONS a pass, from where the last part ended), else the entries
 * added since the watermark. `whole` (the command): the whole chain in one
 * statement, waiting for the lock. `positions`: the part's size (tests).
 */
export async function verifyAuditChain(
  db: Database,
  now: Date,
  { whole = false, positions = PASS_POSITIONS }: { whole?: boolean; positions?: number } = {},
): Promise<VerifyPass> {
  return db.transaction(async (tx) => {
    if (whole) await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.auditVerify})`);
    else {
      const { rows } = await tx.query<{ locked: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.auditVerify}) AS locked`,
      );
      if (!rows[0]?.locked) return { outcome: 'busy', full: false };
    }
    const state = (
      await tx.query<StateRow>(
        sql`SELECT verified_position::text AS verified_position, encode(verified_hash, 'hex') AS verified_hash,
                   full_check_at, sweep_position::text AS sweep_position, encode(sweep_hash, 'hex') AS sweep_hash,
                   broken_position::text AS broken_position
              FROM audit_chain_verified FOR UPDATE`,
      )
    ).rows[0]!;
    if (whole) {
      const check = await checkChain(tx, CHAIN_START);
      await record(tx, check, now, true);
      return { outcome: check, full: true };
    }
    const sweeping = state.sweep_position !== null;
    if (
      sweeping ||
      state.full_check_at === null ||
      now.getTime() - state.full_check_at.getTime() >= FULL_CHECK_EVERY_MS
    ) {
      const start = sweeping ? { position: Number(state.sweep_position), hash: state.sweep_hash! } : CHAIN_START;
      const check = await checkChain(tx, start, positions);
      if (check.whole && check.more) {
        await tx.query(
          sql`UPDATE audit_chain_verified SET sweep_position = ${check.last!.position}, sweep_hash = decode(${check.last!.hash}, 'hex')`,
        );
      } else await record(tx, check, now, true);
      return { outcome: check, full: true };
    }
    // A broken chain stays reported until a check of the whole chain finds it whole again.
    if (state.broken_position !== null) return { outcome: 'waiting', full: false };
    const check = await checkChain(
      tx,
      { position: Number(state.verified_position), hash: state.verified_hash },
      positions,
    );
    await record(tx, check, now, false);
    return { outcome: check, full: false };
  });
}

/** Moves the watermark to what `check` verified; a check of the whole chain that ended also ends the sweep. */
async function record(tx: Sql, check: ChainCheck, now: Date, full: boolean): Promise<void> {
  const through = check.whole ? check.last : check.verifiedThrough;
  const broken = check.whole ? null : check.broken;
  await tx.query(
    sql`UPDATE audit_chain_verified SET
          verified_position = ${through?.position ?? 0}, verified_hash = decode(${through?.hash ?? ''}, 'hex'),
          checked_at = ${now},
          ${full ? sql`full_check_at = ${now}, sweep_position = NULL, sweep_hash = NULL,` : sql.empty}
          broken_position = ${broken?.position ?? null}, broken_entry_id = ${broken?.entryId ?? null},
          broken_reason = ${broken?.reason ?? null}, broken_at = ${broken ? sql`coalesce(broken_at, ${now})` : null}`,
  );
}

interface VerificationRow {
  verified_position: string;
  verified_hash: string;
  verified_id: string | null;
  verified_created_at: Date | null;
  checked_at: Date | null;
  full_check_at: Date | null;
  broken_position: string | null;
  broken_entry_id: string | null;
  broken_reason: ChainBreakReason | null;
  broken_at: Date | null;
  head_position: string;
}

/** What the audit page shows: the last verified entry, when, and the first entry that did not match. */
export async function auditVerification(db: Sql): Promise<AuditVerification> {
  const row = (
    await db.query<VerificationRow>(
      sql`SELECT v.verified_position::text AS verified_position, encode(v.verified_hash, 'hex') AS verified_hash,
                 l.id::text AS verified_id, l.created_at AS verified_created_at,
                 v.checked_at, v.full_check_at, v.broken_position::text AS broken_position,
                 v.broken_entry_id::text AS broken_entry_id, v.broken_reason, v.broken_at,
                 h.position::text AS head_position
            FROM audit_chain_verified v CROSS JOIN audit_chain_head h
            LEFT JOIN audit_log l ON l.chain_position = v.verified_position AND v.verified_position > 0`,
    )
  ).rows[0]!;
  const position = Number(row.verified_position);
  return {
    lastVerified:
      position === 0
        ? null
        : {
            id: row.verified_id === null ? null : Number(row.verified_id),
            position,
            hash: row.verified_hash,
            createdAt: row.verified_created_at === null ? null : new Date(row.verified_created_at).toISOString(),
          },
    entries: Number(row.head_position),
    checkedAt: iso(row.checked_at),
    fullCheckAt: iso(row.full_check_at),
    broken:
      row.broken_position === null
        ? null
        : {
            position: Number(row.broken_position),
            entryId: row.broken_entry_id === null ? null : Number(row.broken_entry_id),
            reason: reasonText(row.broken_reason!),
            foundAt: iso(row.broken_at)!,
          },
  };
}

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());
