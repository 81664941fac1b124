/**
 * The plan's rates as the rules take them. The rules themselves are applied
 * once each, in SQL: the matching of a member's day in
 * apps/api/sql/functions/plan_match_day.sql (the close, the simulator, the
 * plan status), a referral share in
 * apps/api/sql/functions/plan_referral_share.sql (the purchase, the
 * simulator); their TypeScript oracles are in apps/api/test/plan/rules-oracle.ts.
 */

import { PERCENT_DECIMALS, toBaseUnits } from '@portal/contract';

/** A rate in millionths (1% = 10_000), so that percentages with up to 4 decimals stay exact. */
export type RatePpm = bigint;

const PPM = 1_000_000n;

/**
 * "10" → 100_000n ppm; "2.5" → 25_000n. At most 4 decimals, between 0 and 100:
 * a percentage with PERCENT_DECIMALS places, read by the contract's toBaseUnits,
 * is its rate in millionths.
 */
export function percentToPpm(percent: string): RatePpm {
  const ppm = toBaseUnits(percent, PERCENT_DECIMALS);
  if (ppm < 0n || ppm > PPM) throw new RangeError(`not a percentage between 0 and 100: ${percent}`);
  return ppm;
}
