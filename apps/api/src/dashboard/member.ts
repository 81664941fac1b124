import { DASHBOARD_INCOME_DAYS, fromBaseUnits, type MemberDashboard, type PendingItem } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../db/sql';
import { incomeByPeriod } from '../bonuses/income';
import { planStatus } from '../bonuses/status';
import { walletBalances } from '../ledger/queries';
import { referralLink } from '../network/referral-link';
import { bvText } from '../shared/bv';
import { utcDayOf } from '../shared/utc-day';
import { walletHistory } from '../wallets/queries';
import { withdrawalsPending } from './pending-withdrawals';

const DAY_MS = 86_400_000;

/**
 * The member dashboard in one answer: each part is read by the query its own
 * page uses (wallets, plan status, referral link, wallet history, bonus
 * income), every one of them by the member's key, so the answer costs the
 * same on a network of a million members as on ten.
 */
export async function memberDashboard(ctx: AppContext, userId: number): Promise<MemberDashboard> {
  const { db } = ctx;
  const today = utcDayOf(ctx.now()).start;
  const from = new Date(today.getTime() - (DASHBOARD_INCOME_DAYS - 1) * DAY_MS);
  const [visits, wallets, plan, teams, income, allTime, pending, link, recent] = await Promise.all([
    // Two sessions are enough to know it is not the first visit (auth_sessions_user_idx).
    db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM auth_sessions WHERE user_id = ${userId} LIMIT 2) s`,
    ),
    walletBalances(db, userId),
    planStatus(db, userId),
    db.query<{ left_count: number; right_count: number }>(
      sql`SELECT left_count, right_count FROM network_nodes WHERE member_id = ${userId}`,
    ),
    incomeByPeriod(db, 'day', isoDay(from), isoDay(today), userId),
    // All time is only its totals: by month, so a member's years of daily income are not laid out day by day for nothing.
    incomeByPeriod(db, 'month', undefined, undefined, userId),
    pendingItems(ctx, userId),
    referralLink(ctx, { userId, isAdmin: false, isMember: true }),
    walletHistory(db, userId, { page: 1, pageSize: 5, sort: '-createdAt' }),
  ]);
  const node = teams.rows[0];
  return {
    firstVisit: visits.rows[0]!.n <= 1,
    wallets,
    plan,
    teams: node ? { left: Number(node.left_count), right: Number(node.right_count) } : null,
    directReferrals: link.signups.total,
    income: income.series.map((d) => ({
      day: d.period,
      referral: fromBaseUnits(d.referral),
      matching: fromBaseUnits(d.matching),
    })),
    incomeTotals: {
      referral: fromBaseUnits(allTime.totals.referral),
      matching: fromBaseUnits(allTime.totals.matching),
      total: fromBaseUnits(allTime.totals.total),
    },
    pending,
    referralLink: link.links.plain,
    recent: recent.kind === 'page' ? recent.page.items : [],
  };
}

const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** What is not finished yet: withdrawals, redemptions waiting for an admin, deposits not final or held, a placement. */
async function pendingItems(ctx: AppContext, userId: number): Promise<PendingItem[]> {
  const { db } = ctx;
  const [withdrawals, redemptions, deposits, placement] = await Promise.all([
    withdrawalsPending(ctx, userId),
    db.query<{ id: number; points: string; created_at: Date; name: string }>(
      sql`SELECT r.id, r.points::text, r.created_at, p.name FROM redemptions r JOIN products p ON p.id = r.product_id
           WHERE r.member_id = ${userId} AND r.status = 'pending' ORDER BY r.id`,
    ),
    db.query<{ id: number; amount: string; status: 'seen' | 'held'; seen_at: Date }>(
      sql`SELECT id, amount::text, status, seen_at FROM deposits
           WHERE member_id = ${userId} AND status IN ('seen', 'held') ORDER BY id`,
    ),
    db.query<{ pending_volume: string; joined: Date }>(
      sql`SELECT m.pending_volume::text, u.created_at AS joined FROM members m JOIN users u ON u.id = m.user_id
           WHERE m.user_id = ${userId} AND m.sponsor_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM network_nodes n WHERE n.member_id = m.user_id)`,
    ),
  ]);
  const items: PendingItem[] = [...withdrawals];
  for (const r of redemptions.rows)
    items.push({
      kind: 'redemption',
      id: Number(r.id),
      amount: fromBaseUnits(BigInt(r.points)),
      unit: 'points',
      state: `${r.name}: waiting for an admin to approve`,
      at: new Date(r.created_at).toISOString(),
      link: '/redeem-history',
    });
  for (const d of deposits.rows)
    items.push({
      kind: 'deposit',
      id: Number(d.id),
      amount: fromBaseUnits(BigInt(d.amount)),
      unit: 'USDT',
      state:
        d.status === 'held'
          ? 'Held for a check by the company before it is credited'
          : 'Seen on the chain: credited once its block is final',
      at: new Date(d.seen_at).toISOString(),
      link: '/deposit-history-member',
    });
  const waiting = placement.rows[0];
  if (waiting) {
    const volume = Number(waiting.pending_volume);
    items.push({
      kind: 'placement',
      id: null,
      amount: volume > 0 ? bvText(waiting.pending_volume) : null,
      unit: volume > 0 ? 'BV' : null,
      state: 'Waiting for your sponsor to place you in the binary tree; your volume counts from then',
      at: new Date(waiting.joined).toISOString(),
      link: '/member-network',
    });
  }
  return items;
}
