import { fromBaseUnits, policyLimit, toBaseUnits, type ApprovalPolicy, type Settings } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { sql } from '../db/sql';
import { writeAudit } from '../audit/service';
import { utcDayOf } from '../shared/utc-day';
import { queuePayouts } from './payout/queue';

/**
 * Who approves a withdrawal (docs/decisions/0035-withdrawal-policy.md): one
 * admin; two different admins above `secondApprovalThreshold`; or the
 * portal itself below `autoApproveBelow` (and never above the second-approval
 * threshold), for a member with two-factor on and an address past its hold,
 * within `autoApproveDailyCap` a UTC day. The
 * policy and the rule in words are stored with the first approval, so the
 * withdrawal keeps the rule it was approved under when the settings change.
 */

/** The policy an admin's approval of `amount` falls under, with the rule in words. */
export function adminPolicyFor(amount: bigint, settings: Settings): { policy: ApprovalPolicy; note: string } {
  const threshold = policyLimit(settings.secondApprovalThreshold);
  if (threshold === null) return { policy: 'one_admin', note: 'One admin (no second-approval threshold)' };
  const limit = fromBaseUnits(threshold);
  return amount > threshold
    ? { policy: 'two_admins', note: `Two different admins (above the second-approval threshold of ${limit} USDT)` }
    : { policy: 'one_admin', note: `One admin (up to the second-approval threshold of ${limit} USDT)` };
}

/** Records approvals given now: by an admin, or by the portal itself (null). */
export async function recordApprovals(tx: Sql, ids: number[], adminId: number | null, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    sql`INSERT INTO withdrawal_approvals (withdrawal_id, admin_id, approved_at)
        SELECT id, ${adminId}::bigint, ${at} FROM unnest(${ids}::bigint[]) AS id`,
  );
}

/** Serialises the automatic approvals of every member, so that their day's cap holds whatever the concurrency. */
const AUTO_APPROVAL_LOCK = 3_500_001;

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
  if (adminPolicyFor(request.amount, settings).policy !== 'one_admin') return false;
  const cap = toBaseUnits(settings.autoApproveDailyCap);
  const now = ctx.now();
  const day = utcDayOf(now);
  await tx.query(sql`SELECT pg_advisory_xact_lock(${AUTO_APPROVAL_LOCK})`);
  const { rows } = await tx.query<{ total: string }>(
    sql`SELECT COALESCE(sum(amount), 0)::text AS total FROM withdrawals
         WHERE approval_policy = 'automatic' AND decided_at >= ${day.start} AND decided_at < ${day.end}`,
  );
  if (BigInt(rows[0]!.total) + request.amount > cap) return false;
  const note = `Automatic (below ${fromBaseUnits(below)} USDT, two-factor on, address past its hold, within ${fromBaseUnits(cap)} USDT of automatic approvals a day)`;
  await tx.query(
    sql`UPDATE withdrawals SET status = 'approved', decided_at = ${now}, approval_policy = 'automatic', approval_note = ${note}
         WHERE id = ${request.id}`,
  );
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
