import { fromBaseUnits, toBaseUnits } from './money';

/**
 * Bonuses / sales as a percentage with 2 decimals, rounded down; null without
 * sales. The admin dashboard's figure (apps/api dashboard/read-admin-dashboard.ts), a close's
 * review (plan/review.ts) and the dashboard chart's period (web) all state it this way.
 */
export function payoutRatio(bonuses: bigint, sales: bigint): string | null {
  if (sales === 0n) return null;
  return fromBaseUnits((bonuses * 10_000n) / sales, 2);
}

/** The sales, bonuses and payout ratio of some days of the admin dashboard's series, summed as base units. */
export function periodPayoutRatio(days: ReadonlyArray<{ sales: string; bonuses: string }>): {
  sales: string;
  bonuses: string;
  ratio: string | null;
} {
  const sales = days.reduce((sum, d) => sum + toBaseUnits(d.sales), 0n);
  const bonuses = days.reduce((sum, d) => sum + toBaseUnits(d.bonuses), 0n);
  return { sales: fromBaseUnits(sales), bonuses: fromBaseUnits(bonuses), ratio: payoutRatio(bonuses, sales) };
}
