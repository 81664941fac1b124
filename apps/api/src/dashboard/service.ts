import { fromBaseUnits, type AdminDashboard } from '@portal/contract';
import type { AppContext } from '../context';
import { hotWalletCheck } from '../health/checks';
import { readPayoutFigures } from '../metrics/queries';
import { sql } from '../db/sql';
import { systemBalance } from '../ledger/queries';
import { heldPayout, stuckPayout, waitingForSecondAdmin } from '../withdrawals/attention';
import { payoutRatio } from '../shared/payout-ratio';

/** The admin dashboard's figures: members, sales, bonuses, payout ratio, the last 30 days; deposits, the treasury, what waits for approval, the failed payouts waiting for a retry or refund, what else needs an admin on /withdraw-approval (second approvals, payouts held by the daily cap, stuck payouts), and the hot wallet's state. */
export async function adminDashboard(ctx: AppContext): Promise<AdminDashboard> {
  const { db } = ctx;
  const now = ctx.now();
  const hotWallet = hotWalletCheck(ctx, readPayoutFigures(ctx));
  const totals = (
    await db.query<{
      members: number;
      active: number;
      sales: string;
      purchases: number;
      referral: string;
      matching: string;
      last_close: string | null;
      deposits: number;
      deposited: string;
      treasury: string;
      withdrawals: number;
      withdrawn: string;
      redemptions: number;
      points: string;
      failed: number;
      failed_amount: string;
      second: number;
      held: number;
      stuck: number;
    }>(
      // Members without the company root (the only member without a sponsor); the Members list shows the root too and says so.
      sql`SELECT (SELECT count(*)::int FROM members WHERE sponsor_id IS NOT NULL) AS members,
              (SELECT count(*)::int FROM members WHERE active) AS active,
              (SELECT COALESCE(sum(price), 0)::text FROM purchases) AS sales,
              (SELECT count(*)::int FROM purchases) AS purchases,
              (SELECT COALESCE(sum(amount), 0)::text FROM referral_bonuses) AS referral,
              (SELECT COALESCE(sum(paid), 0)::text FROM matching_closes WHERE close_date NOT IN (SELECT close_date FROM matching_closes_in_review)) AS matching,
              (SELECT to_char(max(close_date), 'YYYY-MM-DD') FROM matching_closes) AS last_close,
              (SELECT count(*)::int FROM deposits WHERE status = 'credited') AS deposits,
              (SELECT COALESCE(sum(amount), 0)::text FROM deposits WHERE status = 'credited') AS deposited,
              -- The treasury account is debited for every USDT that reached the company on chain and credited for every one that left.
              (-${systemBalance('treasury')})::text AS treasury,
              (SELECT count(*)::int FROM withdrawals WHERE status = 'pending') AS withdrawals,
              (SELECT COALESCE(sum(amount), 0)::text FROM withdrawals WHERE status = 'pending') AS withdrawn,
              (SELECT count(*)::int FROM redemptions WHERE status = 'pending') AS redemptions,
              (SELECT COALESCE(sum(points), 0)::text FROM redemptions WHERE status = 'pending') AS points,
              (SELECT count(*)::int FROM withdrawals WHERE status = 'failed') AS failed,
              (SELECT COALESCE(sum(amount), 0)::text FROM withdrawals WHERE status = 'failed') AS failed_amount,
              -- What needs an admin on /withdraw-approval (withdrawals/attention.ts): each read through a status index.
              (SELECT count(*)::int FROM withdrawals w WHERE ${waitingForSecondAdmin}) AS second,
              (SELECT count(*)::int FROM payouts p WHERE ${heldPayout}) AS held,
              (SELECT count(*)::int FROM payouts p WHERE ${stuckPayout(now)}) AS stuck`,
    )
  ).rows[0]!;
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * 86_400_000);
  // `since` is bound once per use: as a timestamptz, then its day, as when one parameter served all three.
  const days = (
    await db.query<{ day: string; sales: string; bonuses: string }>(
      sql`SELECT to_char(d, 'YYYY-MM-DD') AS day, sum(sales)::text AS sales, sum(bonuses)::text AS bonuses FROM (
         SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS d, price AS sales, 0 AS bonuses FROM purchases WHERE created_at >= ${since}
         UNION ALL
         SELECT date_trunc('day', created_at AT TIME ZONE 'UTC'), 0, amount FROM referral_bonuses WHERE created_at >= ${since}
         UNION ALL
         SELECT close_date::timestamp, 0, paid FROM matching_closes WHERE close_date >= ${since}::timestamptz::date
           AND close_date NOT IN (SELECT close_date FROM matching_closes_in_review)
       ) x GROUP BY d ORDER BY d`,
    )
  ).rows;
  const sales = BigInt(totals.sales);
  const referral = BigInt(totals.referral);
  const matching = BigInt(totals.matching);
  return {
    members: totals.members,
    activeMembers: totals.active,
    sales: fromBaseUnits(sales),
    purchases: totals.purchases,
    bonusesPaid: {
      referral: fromBaseUnits(referral),
      matching: fromBaseUnits(matching),
      total: fromBaseUnits(referral + matching),
    },
    payoutRatio: payoutRatio(referral + matching, sales),
    lastClose: totals.last_close,
    series: days.map((d) => ({
      day: d.day,
      sales: fromBaseUnits(BigInt(d.sales)),
      bonuses: fromBaseUnits(BigInt(d.bonuses)),
      payoutRatio: payoutRatio(BigInt(d.bonuses), BigInt(d.sales)),
    })),
    deposits: { count: totals.deposits, total: fromBaseUnits(BigInt(totals.deposited)) },
    treasury: fromBaseUnits(BigInt(totals.treasury)),
    pending: {
      withdrawals: { count: totals.withdrawals, amount: fromBaseUnits(BigInt(totals.withdrawn)) },
      redemptions: { count: totals.redemptions, points: fromBaseUnits(BigInt(totals.points)) },
      failedPayouts: { count: totals.failed, amount: fromBaseUnits(BigInt(totals.failed_amount)) },
      secondApprovals: totals.second,
      heldByCap: totals.held,
      stuckPayouts: totals.stuck,
    },
    hotWallet: await hotWallet,
  };
}
