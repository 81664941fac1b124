import {
  approvalNeedsCode,
  approvalPolicyFor,
  fromBaseUnits,
  toBaseUnits,
  type ApprovalPolicy,
  type ApprovalResult,
  type BulkResult,
  type Withdrawal,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit, type Actor } from '../audit/write-audit';
import { postEntry } from '../ledger/post';
import { readSettings } from '../settings/in-force';
import { listedAmong } from '../screening/list';
import { conflict, forbidden, isUniqueViolation, notFound, unprocessable } from '../shared/errors';
import { ownMoney } from '../shared/own-money';
import { withSecondFactor, type SecondFactorCheck } from '../two-factor/guard';
import { isTwoFactorEnabled } from '../two-factor/codes';
import { recordApprovals } from './approvals';
import { withdrawalLifecycle } from './lifecycle';
import { payoutsHeldBack } from './payout/daily-cap';
import { payoutRefundRefusal, queuePayouts, requeuePayout } from './payout/queue';
import { withdrawalById, withdrawalNotFound } from './rows';
import { unfundedPayouts } from './unfunded-payouts';
import { mustHaveMoved } from '../shared/lifecycle';

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

/** A withdrawal a decision left alone, with why: the code a single decision answers it with. */
interface Skip {
  id: number;
  message: string;
  code:
    'WITHDRAWAL_NOT_FOUND' | 'WITHDRAWAL_NOT_PENDING' | 'SECOND_APPROVAL_SAME_ADMIN' | 'ADDRESS_BLOCKED' | 'OWN_MONEY';
}

/** No admin decides on a withdrawal of their own (docs/decisions/0050-no-admin-acts-on-their-own-money.md). */
const ownSkip = (id: number): Skip => ({
  id,
  code: 'OWN_MONEY',
  message: `Withdrawal #${id} is your own: another admin must decide on it.`,
});

/** The rows of `rows` that are `actor`'s own, as skips, and the others. */
function withoutOwn<T extends { id: number; user_id: number }>(rows: T[], actor: Actor): { own: Skip[]; others: T[] } {
  const own = rows.filter((row) => Number(row.user_id) === actor.userId);
  return { own: own.map((row) => ownSkip(Number(row.id))), others: rows.filter((row) => !own.includes(row)) };
}

async function skippedOf(tx: Sql, ids: number[], handled: number[]): Promise<Skip[]> {
  const rest = [...new Set(ids)].filter((id) => !handled.includes(id));
  if (rest.length === 0) return [];
  const { rows } = await tx.query<{ id: number; status: string }>(
    sql`SELECT id, status FROM withdrawals WHERE id = ANY(${rest}::bigint[])`,
  );
  const status = new Map(rows.map((row) => [Number(row.id), row.status]));
  return rest.map((id) =>
    status.has(id)
      ? { id, code: 'WITHDRAWAL_NOT_PENDING', message: `Withdrawal #${id} is ${status.get(id)}, not pending.` }
      : { id, code: 'WITHDRAWAL_NOT_FOUND', message: `There is no withdrawal #${id}.` },
  );
}

/**
 * The pending ones among `ids` whose address was put on the screening list
 * after the request (screening/list.ts): not approved, each with why.
 */
async function screenedOut(tx: Sql, ids: number[]): Promise<Skip[]> {
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
      code: 'ADDRESS_BLOCKED',
      message: `Withdrawal #${row.id} goes to ${row.address}, which was put on the screening list after the request (${listed.get(row.address.toLowerCase())}): reject it.`,
    }));
}

const publicNotes = (skips: Skip[]) => skips.map(({ id, message }) => ({ id, message }));

/**
 * A single decision's skip as the error it is: no such withdrawal (404), its
 * address screened (422), the admin's own (403), not pending or the same
 * admin twice (409).
 */
function refuseSkipped(skipped: Skip[]): void {
  const skip = skipped[0];
  if (!skip) return;
  if (skip.code === 'OWN_MONEY') throw ownMoney(skip.message);
  if (skip.code === 'ADDRESS_BLOCKED') throw unprocessable(skip.code, skip.message, 'address');
  throw skip.code === 'WITHDRAWAL_NOT_FOUND' ? notFound(skip.code, skip.message) : conflict(skip.code, skip.message);
}

/** Locks a withdrawal that must have failed and must not be `actor`'s own, for a retry or a refund. */
async function lockFailed(tx: Sql, actor: Actor, id: number, what: 'retried' | 'refunded') {
  const { rows } = await tx.query<HeldRow & { status: string; reason: string | null }>(
    sql`SELECT id, user_id, amount, status, reason FROM withdrawals WHERE id = ${id} FOR UPDATE`,
  );
  const row = rows[0];
  if (!row) throw withdrawalNotFound();
  if (Number(row.user_id) === actor.userId) throw ownMoney(ownSkip(id).message);
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
  total: bigint,
  code: string | undefined,
  check: SecondFactorCheck,
): Promise<void> {
  const settings = await readSettings(tx);
  if (!approvalNeedsCode(total, settings)) return;
  const refusal = () =>
    forbidden(
      'TWO_FACTOR_REQUIRED',
      `Approving more than ${fromBaseUnits(toBaseUnits(settings.largeApprovalThreshold))} USDT at once needs a fresh two-factor code, and this account has no two-factor sign-in. Turn it on under Account settings → Security.`,
    );
  if (code === undefined && !(await isTwoFactorEnabled(tx, actor.userId))) throw refusal();
  if ((await check(tx)) === 'not_enabled') throw refusal();
}

interface PendingRow {
  id: number;
  user_id: number;
  amount: string;
  approval_policy: ApprovalPolicy | null;
  approval_note: string | null;
  approvers: number[] | null;
}

/**
 * The pending withdrawals asked for, locked in id order (two admins
 * approving one withdrawal at once take turns), with the approvals given.
 * The approvals are read by a statement of their own, after the lock: on
 * PostgreSQL a statement that waited for the lock sees the row as its holder
 * left it, but a subquery of it would still see the approvals as they were
 * before the wait, and a second approval by the same admin would meet the
 * unique constraint instead of its answer.
 */
async function lockPending(tx: Sql, ids: number[]): Promise<PendingRow[]> {
  const { rows } = await tx.query<Omit<PendingRow, 'approvers'>>(
    sql`SELECT w.id, w.user_id, w.amount, w.approval_policy, w.approval_note
          FROM withdrawals w WHERE w.id = ANY(${ids}::bigint[]) AND w.status = 'pending' ORDER BY w.id FOR UPDATE`,
  );
  const locked = rows.map((row) => Number(row.id));
  const { rows: given } = await tx.query<{ withdrawal_id: number; admin_id: number | null }>(
    sql`SELECT withdrawal_id, admin_id FROM withdrawal_approvals WHERE withdrawal_id = ANY(${locked}::bigint[])`,
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    approvers: given.filter((a) => Number(a.withdrawal_id) === Number(row.id)).map((a) => Number(a.admin_id)),
  }));
}

/** An approval that met the one-approval-per-admin constraint anyway, as the 409 it is (never a 500). */
function sameAdminTwice(error: unknown): never {
  if (isUniqueViolation(error, 'withdrawal_approvals_one_per_admin'))
    throw conflict(
      'SECOND_APPROVAL_SAME_ADMIN',
      'You already approved this withdrawal; a different admin must give the second approval.',
    );
  throw error;
}

/**
 * Approves pending withdrawals, all in one transaction: each becomes
 * `approved` and gets a queued payout (run by the payout job), except one
 * above the second-approval threshold that has no approval yet: its first
 * approval is recorded and it waits for a different admin
 * (docs/decisions/0035-withdrawal-policy.md). Those no longer pending, those
 * whose address was screened since the request (`screenedOut`), and those
 * this admin approved first, are skipped with the reason. Above the
 * large-approval threshold, only with a fresh two-factor code
 * (`signOffLargeApproval`). `waiting` also names the approved withdrawals
 * whose payouts the daily payout cap keeps in the queue, and `unfunded`
 * those the hot wallet cannot cover (unfunded-payouts.ts).
 */
async function decideApprovals(ctx: AppContext, actor: Actor, ids: number[], totpCode?: string) {
  const guard = {
    status: 422 as const,
    field: 'totpCode',
    purpose: 'approving withdrawals',
    ip: actor.ip,
    requiredMessage:
      'This approval is above the large-approval threshold: enter the current 6-digit code from your authenticator app.',
  };
  const result = await withSecondFactor(ctx, actor.userId, totpCode, guard, (check) =>
    ctx.db.transaction(async (tx) => {
      const screened = await screenedOut(tx, ids);
      const approvable = ids.filter((id) => !screened.some((s) => s.id === id));
      const { own, others: rows } = withoutOwn(await lockPending(tx, approvable), actor);
      await signOffLargeApproval(
        tx,
        actor,
        rows.reduce((total, row) => total + BigInt(row.amount), 0n),
        totpCode,
        check,
      );
      const settings = await readSettings(tx);
      const now = ctx.now();
      const done: number[] = [];
      const waiting: Array<{ id: number; message: string }> = [];
      const sameAdmin: Skip[] = [];
      // Rows that end the same way under the same rule are written together: a bulk approval stays a few statements.
      const decided = new Map<string, { policy: ApprovalPolicy; note: string; final: boolean; ids: number[] }>();
      for (const row of rows) {
        const fixed = row.approval_policy ? { policy: row.approval_policy, note: row.approval_note! } : null;
        const { policy, note } = fixed ?? approvalPolicyFor(BigInt(row.amount), settings);
        if (row.approvers!.includes(actor.userId)) {
          sameAdmin.push({
            id: row.id,
            code: 'SECOND_APPROVAL_SAME_ADMIN',
            message: `You gave withdrawal #${row.id} its first approval; a different admin must give the second.`,
          });
          continue;
        }
        const final = !(policy === 'two_admins' && row.approvers!.length === 0);
        if (final) done.push(row.id);
        else {
          waiting.push({
            id: row.id,
            message: `Withdrawal #${row.id}: first approval recorded; it waits for a second admin (${note}).`,
          });
        }
        const key = `${final}:${policy}:${note}`;
        const group = decided.get(key) ?? { policy, note, final, ids: [] };
        group.ids.push(row.id);
        decided.set(key, group);
      }
      for (const { policy, note, final, ids: group } of decided.values()) {
        if (final) {
          const approved = await withdrawalLifecycle.approve(tx, group, {
            decidedBy: actor.userId,
            decidedAt: now,
            policy,
            note,
          });
          mustHaveMoved(approved, group.length, 'withdrawals approved');
        } else {
          await tx.query(
            sql`UPDATE withdrawals SET approval_policy = ${policy}, approval_note = ${note} WHERE id = ANY(${group}::bigint[])`,
          );
        }
      }
      const first = waiting.map((w) => w.id);
      await recordApprovals(tx, [...first, ...done], actor.userId, now).catch(sameAdminTwice);
      if (first.length > 0) {
        await writeAudit(tx, { actor, action: 'withdrawal.approve_first', targetType: 'withdrawal', targetId: first });
      }
      if (done.length > 0) {
        await queuePayouts(ctx, tx, done, actor.userId);
        await writeAudit(tx, { actor, action: 'withdrawal.approve', targetType: 'withdrawal', targetId: done });
        waiting.push(...(await payoutsHeldBack(ctx, tx, done)));
      }
      const handled = [...done, ...first];
      return {
        done,
        waiting,
        skipped: [
          ...screened,
          ...own,
          ...sameAdmin,
          ...(await skippedOf(tx, approvable, [...handled, ...[...own, ...sameAdmin].map((s) => s.id)])),
        ],
      };
    }),
  );
  // Read once the approval is committed (the balance comes from the chain, never inside a transaction), and
  // before the job is woken: a payout it fails first would no longer be counted here.
  const unfunded = await unfundedPayouts(
    ctx,
    result.done,
    result.waiting.map((w) => w.id),
  );
  if (result.done.length > 0) ctx.jobs?.kickPayouts();
  return { ...result, unfunded };
}

/** Approves pending withdrawals (`decideApprovals`): what was approved, what waits and why, what was skipped and why. */
export async function approveWithdrawals(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  totpCode?: string,
): Promise<ApprovalResult> {
  const result = await decideApprovals(ctx, actor, ids, totpCode);
  const { done, waiting, unfunded } = result;
  return {
    done,
    skipped: publicNotes(result.skipped),
    ...(waiting.length > 0 ? { waiting } : {}),
    ...(unfunded.length > 0 ? { unfunded } : {}),
  };
}

/**
 * Rejects pending withdrawals with a reason; each is refunded to the income
 * wallet in one journal entry. Either admin of a two-admin approval may
 * reject, before or after the first approval; no admin rejects their own
 * (the refund would be an admin moving their own wallet).
 */
async function decideRejections(ctx: AppContext, actor: Actor, ids: number[], reason: string) {
  return ctx.db.transaction(async (tx) => {
    const { rows: locked } = await tx.query<HeldRow>(
      sql`SELECT id, user_id, amount FROM withdrawals WHERE id = ANY(${ids}::bigint[]) AND status = 'pending' ORDER BY id FOR UPDATE`,
    );
    const { own, others: rows } = withoutOwn(locked, actor);
    for (const row of rows) {
      const entry = await refundEntry(tx, actor, row, `Withdrawal #${row.id} rejected: ${reason}`);
      const rejected = await withdrawalLifecycle.reject(tx, row.id, {
        reason,
        decidedBy: actor.userId,
        decidedAt: ctx.now(),
        settleEntryId: entry,
      });
      mustHaveMoved(rejected, 1, `withdrawal #${row.id} rejected`);
      await writeAudit(tx, {
        actor,
        action: 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: row.id,
        details: { reason },
      });
    }
    const done = rows.map((row) => Number(row.id));
    return { done, skipped: [...own, ...(await skippedOf(tx, ids, [...done, ...own.map((s) => s.id)]))] };
  });
}

/** Rejects pending withdrawals with a reason (`decideRejections`), each refunded. */
export async function rejectWithdrawals(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  reason: string,
): Promise<BulkResult> {
  const result = await decideRejections(ctx, actor, ids, reason);
  return { done: result.done, skipped: publicNotes(result.skipped) };
}

/** One withdrawal approved (or given its first approval), as it now stands; 404, 409 or 422 (its address screened) when it could not be. */
export async function approveWithdrawal(
  ctx: AppContext,
  actor: Actor,
  id: number,
  totpCode?: string,
): Promise<Withdrawal> {
  refuseSkipped((await decideApprovals(ctx, actor, [id], totpCode)).skipped);
  return withdrawalById(ctx, id);
}

/** One withdrawal rejected with a reason, as it now stands; 404 or 409 when it could not be. */
export async function rejectWithdrawal(ctx: AppContext, actor: Actor, id: number, reason: string): Promise<Withdrawal> {
  refuseSkipped((await decideRejections(ctx, actor, [id], reason)).skipped);
  return withdrawalById(ctx, id);
}

/** A failed payout queued again (after funding the hot wallet). */
export async function retryPayout(ctx: AppContext, actor: Actor, id: number): Promise<Withdrawal> {
  await ctx.db.transaction(async (tx) => {
    await lockFailed(tx, actor, id, 'retried');
    await requeuePayout(ctx, tx, id, actor.userId);
    await writeAudit(tx, { actor, action: 'withdrawal.retry', targetType: 'withdrawal', targetId: id });
  });
  ctx.jobs?.kickPayouts();
  return withdrawalById(ctx, id);
}

/** A failed payout given back: the whole amount to the income wallet in one entry. */
export async function refundFailedPayout(ctx: AppContext, actor: Actor, id: number): Promise<Withdrawal> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockFailed(tx, actor, id, 'refunded');
    const refusal = await payoutRefundRefusal(tx, id);
    if (refusal) throw conflict('PAYOUT_MAY_STILL_LAND', refusal);
    const entry = await refundEntry(tx, actor, row, `Withdrawal #${row.id} refunded after a failed payout`);
    mustHaveMoved(await withdrawalLifecycle.refund(tx, id, entry), 1, `withdrawal #${id} refunded`);
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
