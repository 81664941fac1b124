import { approvalPolicyFor, fromBaseUnits, policyLimit, toBaseUnits, type Settings } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit } from '../audit/write-audit';
import { utcDayOf } from '../shared/utc-day';
import { withdrawalLifecycle } from './lifecycle';
import { queuePayouts } from './payout/queue';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';
import { mustHaveMoved } from '../shared/lifecycle';

/**
 * Who approves a withdrawal (docs/decisions/0035-withdrawal-policy.md): one
 * admin; two different admins above `secondApprovalThreshold`; or the
 * portal itself below `autoApproveBelow` (and never above the second-approval
 * threshold), for a member with two-factor on and an address past its hold,
 * within `autoApproveDailyCap` a UTC day. The
 * policy and the rule in words are stored with the first approval, so the
 * withdrawal keeps the rule it was approved under when the settings change.
 */

/** Records approvals given now: by an admin, or by the portal itself (null). */
export async function recordApprovals(tx: Sql, ids: number[], adminId: number | null, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    sql`INSERT INTO withdrawal_approvals (withdrawal_id, admin_id, approved_at)
        SELECT id, ${adminId}::bigint, ${at} FROM unnest(${ids}::bigint[]) AS id`,
  );
}

/**
 * Approves a request just made, in its transaction, when the policy allows
 * it without an admin; answers whether it did. The member's address is past
 * its hold already (the request refuses one that is not).
 */
export async function approveAutomatically(
  ctx: AppContext,
  tx: Sql,
  request: { id: number; amount: bigint; twoFactor: boolean },
  settings: Settings,
): Promise<boolean> {
  const below = policyLimit(settings.autoApproveBelow);
  if (below === null || request.amount >= below || !request.twoFactor || !ctx.chain?.hotWalletAddress) return false;
  // Never alone what two admins must approve, whatever the two thresholds are set to.
  if (approvalPolicyFor(request.amount, settings).policy !== 'one_admin') return false;
  const cap = toBaseUnits(settings.autoApproveDailyCap);
  const now = ctx.now();
  const day = utcDayOf(now);
  await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.autoApproval})`);
  const { rows } = await tx.query<{ total: string }>(
    sql`SELECT COALESCE(sum(amount), 0)::text AS total FROM withdrawals
         WHERE approval_policy = 'automatic' AND decided_at >= ${day.start} AND decided_at < ${day.end}`,
  );
  if (BigInt(rows[0]!.total) + request.amount > cap) return false;
  const note = `Automatic (below ${fromBaseUnits(below)} USDT, two-factor on, address past its hold, within ${fromBaseUnits(cap)} USDT of automatic approvals a day)`;
  const approved = await withdrawalLifecycle.approve(tx, [request.id], {
    decidedBy: null,
    decidedAt: now,
    policy: 'automatic',
    note,
  });
  mustHaveMoved(approved, 1, `withdrawal #${request.id} approved automatically`);
  await recordApprovals(tx, [request.id], null, now);
  await queuePayouts(ctx, tx, [request.id], null);
  await writeAudit(tx, {
    // The portal approved it, no admin: the member's request is the withdrawal's own record.
    actor: { userId: null, ip: null },
    action: 'withdrawal.auto_approve',
    targetType: 'withdrawal',
    targetId: request.id,
    details: { note },
  });
  return true;
}
