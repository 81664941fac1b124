import { fromBaseUnits, toBaseUnits, type BulkResult, type Withdrawal } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { sql } from '../db/sql';
import { writeAudit, type Actor } from '../audit/service';
import { postEntry } from '../ledger/post';
import { listedAmong } from '../screening/list';
import { readSettings } from '../settings/service';
import { conflict, forbidden, notFound, unprocessable } from '../shared/errors';
import { withSecondFactor, type SecondFactorCheck } from '../two-factor/guard';
import { isTwoFactorEnabled } from '../two-factor/service';
import { payoutRefundRefusal, queuePayouts, requeuePayout } from './payout/queue';
import { withdrawalById, withdrawalNotFound } from './rows';

/**
 * The admin's side of withdrawals: approval (which queues the payout),
 * rejection (which refunds), a failed payout retried or refunded, and what
 * the approval page shows beside a request.
 */

interface HeldRow {
  id: number;
  user_id: number;
  amount: string;
}

async function refundEntry(tx: Sql, actor: Actor, row: HeldRow, memo: string): Promise<number> {
  const amount = BigInt(row.amount);
  const entry = await postEntry(tx, {
    type: 'withdrawal_refund',
    memo,
    actorId: actor.userId,
    refs: { withdrawalId: row.id },
    lines: [
      { account: { system: 'withdrawals_in_flight' }, amount: -amount },
      { account: { member: row.user_id, wallet: 'income' }, amount },
    ],
  });
  return entry.id;
}

async function skippedOf(tx: Sql, ids: number[], done: number[]) {
  const rest = [...new Set(ids)].filter((id) => !done.includes(id));
  if (rest.length === 0) return [];
  const { rows } = await tx.query<{ id: number; status: string }>(
    sql`SELECT id, status FROM withdrawals WHERE id = ANY(${rest}::bigint[])`,
  );
  const status = new Map(rows.map((row) => [Number(row.id), row.status]));
  return rest.map((id) => ({
    id,
    message: status.has(id) ? `Withdrawal #${id} is ${status.get(id)}, not pending.` : `There is no withdrawal #${id}.`,
  }));
}

/**
 * The pending ones among `ids` whose address was put on the screening list
 * after the request (screening/list.ts): not approved, each with why.
 */
async function screenedOut(tx: Sql, ids: number[]): Promise<Array<{ id: number; message: string }>> {
  const { rows } = await tx.query<{ id: number; address: string }>(
    sql`SELECT id, address FROM withdrawals WHERE id = ANY(${ids}::bigint[]) AND status = 'pending' ORDER BY id`,
  );
  const listed = await listedAmong(
    tx,
    rows.map((row) => row.address),
  );
  return rows
    .filter((row) => listed.has(row.address.toLowerCase()))
    .map((row) => ({
      id: Number(row.id),
      message: `Withdrawal #${row.id} goes to ${row.address}, which was put on the screening list after the request (${listed.get(row.address.toLowerCase())}): reject it.`,
    }));
}

/** A single decision's skip as the error it is: no such withdrawal (404), its address screened (422), or not pending (409). */
function refuseSkipped(result: BulkResult, screened: number[] = []): void {
  const skipped = result.skipped[0];
  if (!skipped) return;
  if (screened.includes(skipped.id)) throw unprocessable('ADDRESS_BLOCKED', skipped.message, 'address');
  throw skipped.message.startsWith('There is no')
    ? notFound('WITHDRAWAL_NOT_FOUND', skipped.message)
    : conflict('WITHDRAWAL_NOT_PENDING', skipped.message);
}

/** Locks a withdrawal that must have failed, for a retry or a refund. */
async function lockFailed(tx: Sql, id: number, what: 'retried' | 'refunded') {
  const { rows } = await tx.query<HeldRow & { status: string; reason: string | null }>(
    sql`SELECT id, user_id, amount, status, reason FROM withdrawals WHERE id = ${id} FOR UPDATE`,
  );
  const row = rows[0];
  if (!row) throw withdrawalNotFound();
  if (row.status !== 'failed')
    throw conflict('WITHDRAWAL_NOT_FAILED', `Only a failed payout can be ${what}; this withdrawal is ${row.status}.`);
  return row;
}

/**
 * Approving more than the `largeApprovalThreshold` setting in one go asks
 * for a fresh code from the admin's authenticator, checked through the
 * per-account guard (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md):
 * a stolen admin session alone cannot send large amounts out. The total is
 * of the rows locked for approval, so it is the amount that moves.
 */
async function signOffLargeApproval(
  tx: Sql,
  actor: Actor,
  ids: number[],
  code: string | undefined,
  check: SecondFactorCheck,
): Promise<void> {
  const { rows } = await tx.query<{ total: string | null }>(
    sql`SELECT sum(amount)::text AS total FROM (SELECT amount FROM withdrawals WHERE id = ANY(${ids}::bigint[]) AND status = 'pending' ORDER BY id FOR UPDATE) w`,
  );
  const total = BigInt(rows[0]?.total ?? '0');
  const threshold = toBaseUnits((await readSettings(tx)).largeApprovalThreshold);
  if (total <= threshold) return;
  const refusal = () =>
    forbidden(
      'TWO_FACTOR_REQUIRED',
      `Approving more than ${fromBaseUnits(threshold)} USDT at once needs a fresh two-factor code, and this account has no two-factor sign-in. Turn it on under Account settings → Security.`,
    );
  if (code === undefined && !(await isTwoFactorEnabled(tx, actor.userId))) throw refusal();
  if ((await check(tx)) === 'not_enabled') throw refusal();
}

/**
 * Approves pending withdrawals, all in one transaction: each becomes
 * `approved` and gets a queued payout (run by the payout job). Those no
 * longer pending, or whose address was screened since the request
 * (`screenedOut`), are skipped with the reason. Above the threshold, only
 * with a fresh two-factor code (`signOffLargeApproval`).
 */
export async function approveWithdrawals(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  totpCode?: string,
): Promise<BulkResult> {
  return (await approveAll(ctx, actor, ids, totpCode)).result;
}

/** `approveWithdrawals`, with the ids skipped for a screened address apart (one approval answers them as ADDRESS_BLOCKED). */
async function approveAll(ctx: AppContext, actor: Actor, ids: number[], totpCode?: string) {
  const guard = {
    status: 422 as const,
    field: 'totpCode',
    purpose: 'approving withdrawals',
    ip: actor.ip,
    requiredMessage:
      'This approval is above the large-approval threshold: enter the current 6-digit code from your authenticator app.',
  };
  const answer = await withSecondFactor(ctx, actor.userId, totpCode, guard, (check) =>
    ctx.db.transaction(async (tx) => {
      const screened = await screenedOut(tx, ids);
      const approvable = ids.filter((id) => !screened.some((s) => s.id === id));
      await signOffLargeApproval(tx, actor, approvable, totpCode, check);
      const { rows } = await tx.query<{ id: number }>(
        sql`UPDATE withdrawals SET status = 'approved', decided_by = ${actor.userId}, decided_at = ${ctx.now()}
           WHERE id = ANY(${approvable}::bigint[]) AND status = 'pending' RETURNING id`,
      );
      const done = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
      if (done.length > 0) {
        await queuePayouts(ctx, tx, done);
        await writeAudit(tx, { actor, action: 'withdrawal.approve', targetType: 'withdrawal', targetId: done });
      }
      const skipped = await skippedOf(tx, approvable, done);
      return { result: { done, skipped: [...screened, ...skipped] }, screened: screened.map((s) => s.id) };
    }),
  );
  if (answer.result.done.length > 0) ctx.jobs?.kickPayouts();
  return answer;
}

/** Rejects pending withdrawals with a reason; each is refunded to the income wallet in one journal entry. */
export async function rejectWithdrawals(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  reason: string,
): Promise<BulkResult> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<HeldRow>(
      sql`SELECT id, user_id, amount FROM withdrawals WHERE id = ANY(${ids}::bigint[]) AND status = 'pending' ORDER BY id FOR UPDATE`,
    );
    for (const row of rows) {
      const entry = await refundEntry(tx, actor, row, `Withdrawal #${row.id} rejected: ${reason}`);
      await tx.query(
        sql`UPDATE withdrawals SET status = 'rejected', reason = ${reason}, decided_by = ${actor.userId}, decided_at = ${ctx.now()}, settle_entry_id = ${entry}
             WHERE id = ${row.id}`,
      );
      await writeAudit(tx, {
        actor,
        action: 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: row.id,
        details: { reason },
      });
    }
    const done = rows.map((row) => Number(row.id));
    return { done, skipped: await skippedOf(tx, ids, done) };
  });
}

/** One withdrawal approved, as it now stands; 404, 409 or 422 (its address screened) when it could not be. */
export async function approveWithdrawal(
  ctx: AppContext,
  actor: Actor,
  id: number,
  totpCode?: string,
): Promise<Withdrawal> {
  const { result, screened } = await approveAll(ctx, actor, [id], totpCode);
  refuseSkipped(result, screened);
  return withdrawalById(ctx, id);
}

/** One withdrawal rejected with a reason, as it now stands; 404 or 409 when it could not be. */
export async function rejectWithdrawal(ctx: AppContext, actor: Actor, id: number, reason: string): Promise<Withdrawal> {
  refuseSkipped(await rejectWithdrawals(ctx, actor, [id], reason));
  return withdrawalById(ctx, id);
}

/** A failed payout queued again (after funding the hot wallet). */
export async function retryPayout(ctx: AppContext, actor: Actor, id: number): Promise<Withdrawal> {
  await ctx.db.transaction(async (tx) => {
    await lockFailed(tx, id, 'retried');
    await requeuePayout(ctx, tx, id);
    await writeAudit(tx, { actor, action: 'withdrawal.retry', targetType: 'withdrawal', targetId: id });
  });
  ctx.jobs?.kickPayouts();
  return withdrawalById(ctx, id);
}

/** A failed payout given back: the whole amount to the income wallet in one entry. */
export async function refundFailedPayout(ctx: AppContext, actor: Actor, id: number): Promise<Withdrawal> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockFailed(tx, id, 'refunded');
    const refusal = await payoutRefundRefusal(tx, id);
    if (refusal) throw conflict('PAYOUT_MAY_STILL_LAND', refusal);
    const entry = await refundEntry(tx, actor, row, `Withdrawal #${row.id} refunded after a failed payout`);
    await tx.query(sql`UPDATE withdrawals SET status = 'refunded', settle_entry_id = ${entry} WHERE id = ${id}`);
    await writeAudit(tx, {
      actor,
      action: 'withdrawal.refund',
      targetType: 'withdrawal',
      targetId: id,
      details: { failure: row.reason },
    });
  });
  return withdrawalById(ctx, id);
}

/** The member's latest wallet movements, beside a pending request on the approval page. */
export async function withdrawalActivity(ctx: AppContext, withdrawalId: number) {
  await withdrawalById(ctx, withdrawalId);
  const { rows } = await ctx.db.query<{ type: string; memo: string; amount: string; created_at: Date }>(
    sql`SELECT e.type, e.memo, p.amount, e.created_at
          FROM withdrawals w
          JOIN ledger_accounts a ON a.owner_id = w.user_id
          JOIN postings p ON p.account_id = a.id
          JOIN journal_entries e ON e.id = p.entry_id
         WHERE w.id = ${withdrawalId}
         ORDER BY p.id DESC LIMIT 10`,
  );
  return {
    items: rows.map((row) => ({
      type: row.type,
      description: row.memo,
      amount: fromBaseUnits(BigInt(row.amount)),
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}
