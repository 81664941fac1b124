import type { AuditVerification } from '@portal/contract';
import type { Database, Sql } from '../db/database';
import { sql } from '../db/sql';
import { CHAIN_START, checkChain, reasonText, type ChainBreakReason, type ChainCheck } from './verify-chain';

/**
 * The verified watermark (audit_chain_verified, migration 0045_audit_chain.sql;
 * docs/decisions/0054-audit-chain.md): how far the chain was last found whole,
 * and where it first did not match. The job (verify-job.ts) and
 * `npm run audit:verify` write it; the audit page reads it, so showing the last
 * verified entry costs one row however long the log is.
 */
export const AUDIT_VERIFY_LOCK = 724_540;
/** A pass rechecks every entry this often; the others check only the entries added since. */
export const FULL_CHECK_EVERY_MS = 24 * 3_600_000;

interface StateRow {
  verified_position: string;
  verified_hash: string;
  full_check_at: Date | null;
  broken_position: string | null;
}

export interface VerifyPass {
  /** 'busy': another process holds the lock; 'waiting': the chain is broken and the next full check is not due. */
  outcome: ChainCheck | 'busy' | 'waiting';
  full: boolean;
}

/**
 * One pass: the entries added since the watermark, or the whole chain when a
 * full check is due (or `full`). Under a transaction-scoped advisory lock, so
 * one process at a time; the watermark moves in the same transaction.
 */
export async function verifyAuditChain(db: Database, now: Date, full = false): Promise<VerifyPass> {
  return db.transaction(async (tx) => {
    // The command waits its turn; a job's pass that finds the lock taken skips it.
    if (full) await tx.query(sql`SELECT pg_advisory_xact_lock(${AUDIT_VERIFY_LOCK})`);
    else {
      const { rows } = await tx.query<{ locked: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(${AUDIT_VERIFY_LOCK}) AS locked`,
      );
      if (!rows[0]?.locked) return { outcome: 'busy', full };
    }
    const state = (
      await tx.query<StateRow>(
        sql`SELECT verified_position::text AS verified_position, encode(verified_hash, 'hex') AS verified_hash,
                   full_check_at, broken_position::text AS broken_position
              FROM audit_chain_verified FOR UPDATE`,
      )
    ).rows[0]!;
    const due =
      full || state.full_check_at === null || now.getTime() - state.full_check_at.getTime() >= FULL_CHECK_EVERY_MS;
    // A broken chain stays reported until a full check finds it whole again.
    if (!due && state.broken_position !== null) return { outcome: 'waiting', full: false };
    const start = due ? CHAIN_START : { position: Number(state.verified_position), hash: state.verified_hash };
    const check = await checkChain(tx, start);
    await record(tx, check, now, due);
    return { outcome: check, full: due };
  });
}

async function record(tx: Sql, check: ChainCheck, now: Date, full: boolean): Promise<void> {
  const through = check.whole ? check.last : check.verifiedThrough;
  const broken = check.whole ? null : check.broken;
  await tx.query(
    sql`UPDATE audit_chain_verified SET
          verified_position = ${through?.position ?? 0}, verified_hash = decode(${through?.hash ?? ''}, 'hex'),
          checked_at = ${now}, full_check_at = ${full ? sql`${now}` : sql`full_check_at`},
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
