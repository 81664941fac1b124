import { fromBaseUnits } from '@portal/contract';

/**
 * Bonuses / sales as a percentage with 2 decimals, rounded down; null without
 * sales. The admin dashboard's figure (dashboard/service.ts) and a close's
 * review (plan/review.ts) both state it this way.
 */
export function payoutRatio(bonuses: bigint, sales: bigint): string | null {
  if (sales === 0n) return null;
  return fromBaseUnits((bonuses * 10_000n) / sales, 2);
}
