import type { Deposit } from '@portal/contract';
import { writeAudit, type Actor } from '../audit/write-audit';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { conflict, notFound } from '../shared/errors';
import { readChainStatus } from './chain-status';
import { creditOne } from './credit-final-range';
import { depositLifecycle } from './lifecycle';
import { adminDepositById } from './list';

/**
 * An admin's decision on a deposit held because its sender is on the
 * screening list (credit-final-range.ts holds it,
 * docs/decisions/0036-address-screening.md): credited to the member's deposit
 * wallet once, through the ledger like any deposit, or rejected with a
 * reason (recorded, never credited; the reconciliation explains it).
 * The row is locked and must still be `held`: a second decision, or the
 * same one twice, is refused with what it is now.
 */

interface HeldRow {
  id: string;
  chain_id: number;
  member_id: string;
  amount: string;
  tx_hash: string;
  log_index: number;
  status: string;
}

async function lockHeld(tx: Sql, id: number): Promise<HeldRow> {
  const { rows } = await tx.query<HeldRow>(
    sql`SELECT id::text, chain_id, member_id::text, amount::text, tx_hash, log_index, status FROM deposits WHERE id = ${id} FOR UPDATE`,
  );
  const row = rows[0];
  if (!row) throw notFound('DEPOSIT_NOT_FOUND', `There is no deposit #${id}.`);
  if (row.status !== 'held')
    throw conflict(
      'DEPOSIT_NOT_HELD',
      `Deposit #${id} is ${row.status.replace('_', ' ')}, not held: nothing to decide.`,
    );
  return row;
}

export async function creditHeldDeposit(
  ctx: AppContext,
  actor: Actor,
  id: number,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<Deposit>> {
  const status = await readChainStatus(ctx);
  const scope = { userId: actor.userId, operation: 'deposit.credit_held', key: idempotencyKey, request: { id } };
  return runIdempotent(ctx.db, scope, async (tx) => {
    const row = await lockHeld(tx, id);
    await creditOne(tx, row.chain_id, row, actor.userId);
    await tx.query(sql`UPDATE deposits SET decided_by = ${actor.userId}, decided_at = ${ctx.now()} WHERE id = ${id}`);
    await writeAudit(tx, { actor, action: 'deposit.credit_held', targetType: 'deposit', targetId: id });
    return { status: 200, body: await adminDepositById(ctx, tx, id, status) };
  });
}

export async function rejectHeldDeposit(ctx: AppContext, actor: Actor, id: number, reason: string): Promise<Deposit> {
  const status = await readChainStatus(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockHeld(tx, id);
    await depositLifecycle.reject(tx, id, { decidedBy: actor.userId, decidedAt: ctx.now(), note: reason });
    await writeAudit(tx, {
      actor,
      action: 'deposit.reject_held',
      targetType: 'deposit',
      targetId: id,
      details: { reason },
    });
    return adminDepositById(ctx, tx, id, status);
  });
}
