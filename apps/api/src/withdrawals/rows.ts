import { fromBaseUnits, type ApprovalPolicy, type Withdrawal, type WithdrawalStatus } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../db/sql';
import { notFound } from '../shared/errors';

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
  payout_waiting: string | null;
}

export const WITHDRAWAL_SELECT = sql`SELECT w.id, w.user_id, u.username, u.full_name, w.amount, w.fee, w.address, w.status, w.reason,
        w.tx_hash, w.block_number::text AS block_number, w.created_at, w.decided_at, w.paid_at,
        w.approval_policy, w.approval_note,
        (SELECT json_agg(json_build_object('id', a.admin_id, 'username', au.username, 'at', a.approved_at) ORDER BY a.approved_at, a.admin_id)
           FROM withdrawal_approvals a LEFT JOIN users au ON au.id = a.admin_id WHERE a.withdrawal_id = w.id) AS approvals,
        (SELECT p.waiting FROM payouts p WHERE p.withdrawal_id = w.id AND p.status = 'queued') AS payout_waiting
   FROM withdrawals w JOIN users u ON u.id = w.user_id`;

export const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** A row as the API's withdrawal; the explorer link comes from the chain, when the portal has one. */
export function toWithdrawal(ctx: AppContext, row: WithdrawalRow): Withdrawal {
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
    explorerUrl: row.tx_hash ? (ctx.chain?.explorerTx(row.tx_hash) ?? null) : null,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
    paidAt: iso(row.paid_at),
    approvals: (row.approvals ?? []).map((approval) => ({
      by: approval.id === null ? null : { id: Number(approval.id), username: approval.username! },
      at: new Date(approval.at).toISOString(),
    })),
    approvalPolicy: row.approval_policy ? { kind: row.approval_policy, description: row.approval_note ?? '' } : null,
    payoutWaiting: row.payout_waiting,
  };
}

export const withdrawalNotFound = () => notFound('WITHDRAWAL_NOT_FOUND', 'There is no such withdrawal.');

/** One withdrawal by id, or 404. */
export async function withdrawalById(ctx: AppContext, id: number): Promise<Withdrawal> {
  const { rows } = await ctx.db.query<WithdrawalRow>(sql`${WITHDRAWAL_SELECT} WHERE w.id = ${id}`);
  if (!rows[0]) throw withdrawalNotFound();
  return toWithdrawal(ctx, rows[0]);
}
