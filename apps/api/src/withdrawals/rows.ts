import {
  fromBaseUnits,
  type ApprovalPolicy,
  type Withdrawal,
  type WithdrawalPayout,
  type WithdrawalStatus,
} from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { notFound } from '../shared/errors';
import { isStuck } from './attention';
import { FLAG_COLUMNS, flagsOf, type HotWalletFree } from './flags';

/** A withdrawal as every use case reads it, with its member. */
export interface WithdrawalRow {
  id: number;
  user_id: number;
  username: string;
  full_name: string;
  amount: string;
  fee: string;
  address: string;
  status: WithdrawalStatus;
  reason: string | null;
  tx_hash: string | null;
  block_number: string | null;
  created_at: Date;
  decided_at: Date | null;
  paid_at: Date | null;
  approval_policy: ApprovalPolicy | null;
  approval_note: string | null;
  approvals: Array<{ id: number | null; username: string | null; at: string }> | null;
  payout: {
    state: WithdrawalPayout['state'];
    waiting: string | null;
    note: string | null;
    broadcast_at: string | null;
    tx_hash: string | null;
  } | null;
  /** flags.ts's FLAG_COLUMNS: a pending one's live screening reason, and whether its member is blocked. */
  screened?: string | null;
  member_blocked?: boolean | null;
}

export const WITHDRAWAL_SELECT = sql`SELECT w.id, w.user_id, u.username, u.full_name, w.amount, w.fee, w.address, w.status, w.reason,
        w.tx_hash, w.block_number::text AS block_number, w.created_at, w.decided_at, w.paid_at,
        w.approval_policy, w.approval_note, ${FLAG_COLUMNS},
        (SELECT json_agg(json_build_object('id', a.admin_id, 'username', au.username, 'at', a.approved_at) ORDER BY a.approved_at, a.admin_id)
           FROM withdrawal_approvals a LEFT JOIN users au ON au.id = a.admin_id WHERE a.withdrawal_id = w.id) AS approvals,
        -- The live payout (at most one, migration 0015's payouts_one_live): its state, why it waits, the job's
        -- note, its first broadcast (for \`stuck\`, attention.ts) and its mined or latest signed transaction.
        (SELECT json_build_object('state', p.status, 'waiting', p.waiting, 'note', p.error,
                  'broadcast_at', (SELECT min(t.broadcast_at) FROM payout_transactions t WHERE t.payout_id = p.id),
                  'tx_hash', COALESCE(p.tx_hash,
                    (SELECT t.tx_hash FROM payout_transactions t WHERE t.payout_id = p.id ORDER BY t.id DESC LIMIT 1)))
           FROM payouts p WHERE p.withdrawal_id = w.id AND p.status IN ('queued', 'signed', 'broadcast', 'mined')) AS payout
   FROM withdrawals w JOIN users u ON u.id = w.user_id`;

export const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * Who reads a withdrawal: an admin, or the member it belongs to, who is not
 * told which admins approved it, the payout job's notes nor the daily cap's
 * figures (operator text).
 */
export type WithdrawalViewer = 'admin' | 'member';

/**
 * Why a payout waits, as its member reads it: the cap's own reason names the
 * company's cap and what it sent today (payout/daily-cap.ts), which are the
 * operator's business, not the member's.
 */
const MEMBER_WAITING =
  "held by the company's daily payout limit; it goes out as soon as the limit has room (it resets at 00:00 UTC)";

const explorer = (ctx: AppContext, hash: string | null) => (hash ? (ctx.chain?.explorerTx(hash) ?? null) : null);

function payoutOf(ctx: AppContext, payout: WithdrawalRow['payout'], viewer: WithdrawalViewer): WithdrawalPayout | null {
  if (!payout) return null;
  const broadcastAt = payout.broadcast_at ? new Date(payout.broadcast_at) : null;
  return {
    state: payout.state,
    waiting: payout.waiting && viewer === 'member' ? MEMBER_WAITING : payout.waiting,
    note: viewer === 'admin' ? payout.note : null,
    broadcastAt: broadcastAt && broadcastAt.toISOString(),
    stuck: isStuck(payout.state, broadcastAt, ctx.now()),
    txHash: payout.tx_hash,
    explorerUrl: explorer(ctx, payout.tx_hash),
  };
}

/**
 * A row as the API's withdrawal; the explorer links come from the chain, when the portal has one. An admin reads
 * a pending one's flags (flags.ts), the hot wallet's among them where `hot` is given.
 */
export function toWithdrawal(
  ctx: AppContext,
  row: WithdrawalRow,
  viewer: WithdrawalViewer = 'admin',
  hot: HotWalletFree | null = null,
): Withdrawal {
  const amount = BigInt(row.amount);
  const fee = BigInt(row.fee);
  return {
    id: row.id,
    member: { id: row.user_id, username: row.username, fullName: row.full_name },
    amount: fromBaseUnits(amount),
    fee: fromBaseUnits(fee),
    net: fromBaseUnits(amount - fee),
    address: row.address,
    status: row.status,
    reason: row.reason,
    txHash: row.tx_hash,
    blockNumber: row.block_number,
    explorerUrl: explorer(ctx, row.tx_hash),
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
    paidAt: iso(row.paid_at),
    approvals: (row.approvals ?? []).map((approval) => ({
      by:
        approval.id === null || viewer === 'member' ? null : { id: Number(approval.id), username: approval.username! },
      automatic: approval.id === null,
      at: new Date(approval.at).toISOString(),
    })),
    approvalPolicy: row.approval_policy ? { kind: row.approval_policy, description: row.approval_note ?? '' } : null,
    payout: payoutOf(ctx, row.payout, viewer),
    flags: viewer === 'admin' ? flagsOf(row, amount - fee, hot) : [],
  };
}

export const withdrawalNotFound = () => notFound('WITHDRAWAL_NOT_FOUND', 'There is no such withdrawal.');

/** One withdrawal by id, or 404. */
export async function withdrawalById(ctx: AppContext, id: number): Promise<Withdrawal> {
  const { rows } = await ctx.db.query<WithdrawalRow>(sql`${WITHDRAWAL_SELECT} WHERE w.id = ${id}`);
  if (!rows[0]) throw withdrawalNotFound();
  return toWithdrawal(ctx, rows[0]);
}
