import { fromBaseUnits, policyLimit } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { readSettings } from '../../settings/in-force';
import { utcDayOf } from '../../shared/utc-day';
import { UNPAID_ENDS } from './lifecycle';

/**
 * The company's daily payout cap (`dailyPayoutCap`, docs/decisions/0035-withdrawal-policy.md):
 * what the hot wallet sends in one UTC day. A payout counts towards the day
 * it takes its nonce (`started_at`, start-queued.ts) unless it failed. The
 * payout job decides under the hot wallet's lease, one pass at a time, so
 * approvals made together cannot pass the cap together; what does not fit
 * stays queued with the reason, and goes out on a later day.
 */

export interface QueuedPayout {
  id: number;
  amount: string;
  nonce: string | null;
}

/**
 * The queued payouts (in the queue's order) the cap keeps back today, each
 * with the reason in words. A payout with a nonce has started and is never
 * held back.
 */
export async function heldByDailyCap(
  db: Sql,
  wallet: { chainId: number; address: string },
  now: Date,
  queued: QueuedPayout[],
): Promise<Map<number, string>> {
  const held = new Map<number, string>();
  const cap = policyLimit((await readSettings(db)).dailyPayoutCap);
  if (cap === null) return held;
  const today = utcDayOf(now);
  const { rows } = await db.query<{ sent: string }>(
    sql`SELECT COALESCE(sum(amount), 0)::text AS sent FROM payouts
         WHERE chain_id = ${wallet.chainId} AND wallet = ${wallet.address} AND status <> ALL(${[...UNPAID_ENDS]}::text[])
           AND started_at >= ${today.start} AND started_at < ${today.end}`,
  );
  const sent = BigInt(rows[0]!.sent);
  const tomorrow = today.end.toISOString().slice(0, 10);
  let room = cap - sent;
  for (const payout of queued) {
    if (payout.nonce !== null) continue;
    const amount = BigInt(payout.amount);
    if (amount <= room) {
      room -= amount;
      continue;
    }
    held.set(
      payout.id,
      amount > cap
        ? `This payout of ${fromBaseUnits(amount)} USDT is larger than the daily payout cap of ${fromBaseUnits(cap)} USDT: it waits until the cap is raised.`
        : `Over today's payout cap of ${fromBaseUnits(cap)} USDT (${fromBaseUnits(sent)} USDT sent today): it waits in the queue and goes out from ${tomorrow} 00:00 UTC.`,
    );
  }
  return held;
}

/** The approved withdrawals among `withdrawalIds` whose payouts the cap keeps in the queue, with the reason (for the approval's answer). */
export async function payoutsHeldBack(
  ctx: AppContext,
  tx: Sql,
  withdrawalIds: number[],
): Promise<Array<{ id: number; message: string }>> {
  const chain = ctx.chain;
  if (!chain?.hotWalletAddress || policyLimit((await readSettings(tx)).dailyPayoutCap) === null) return [];
  const wallet = { chainId: chain.chainId, address: chain.hotWalletAddress };
  const { rows } = await tx.query<QueuedPayout & { withdrawal_id: number }>(
    sql`SELECT id, withdrawal_id, amount, nonce::text AS nonce FROM payouts
         WHERE chain_id = ${wallet.chainId} AND wallet = ${wallet.address} AND status = 'queued'
         ORDER BY nonce NULLS LAST, id`,
  );
  const held = await heldByDailyCap(tx, wallet, ctx.now(), rows);
  return rows
    .filter((row) => held.has(row.id) && withdrawalIds.includes(Number(row.withdrawal_id)))
    .map((row) => ({
      id: Number(row.withdrawal_id),
      message: `Withdrawal #${row.withdrawal_id} is approved; its payout waits: ${held.get(row.id)}`,
    }));
}
