import { fromBaseUnits, toBaseUnits, type PlanStatus } from '@portal/contract';
import { formatBV, formatMoney } from '../../shared/format';

/** One hundredth of a BV in base units: BV is shown with at most two decimals. */
const HUNDREDTH = 10n ** 16n;

/** BV a leg needs, rounded up to the hundredth shown: a need is never said as less than it is. */
function bvNeeded(units: bigint): string {
  return `${formatBV(fromBaseUnits(((units + HUNDREDTH - 1n) / HUNDREDTH) * HUNDREDTH))} BV`;
}

/**
 * What the weaker leg needs, as a sentence, from the member's plan status:
 * matching pays on the smaller leg, up to the package's daily cap, so BV
 * added to the weaker leg is paid until it reaches the stronger leg or the
 * matched BV reaches `capMatched` (past it, the bonus over the cap is
 * flushed). "Your right team needs 1,000 BV more; at your cap the next close
 * pays at most 100.00 USDT." Null where there is no next close (not active,
 * not placed).
 */
export function weakerLegSentence(plan: PlanStatus): string | null {
  const { nextClose, package: pkg, capMatched } = plan;
  if (!nextClose || !pkg) return null;
  const cap = `${formatMoney(pkg.dailyCap)} USDT`;
  if (toBaseUnits(pkg.dailyCap) === 0n)
    return `Your package's daily cap is ${cap}: the next close pays no matching bonus.`;
  if (capMatched === null) return 'At the matching rate in force the next close pays no matching bonus.';
  const toCap = toBaseUnits(capMatched) - toBaseUnits(nextClose.matched);
  if (toCap <= 0n) return `Your teams already reach your cap: the next close pays ${cap}, the most it can.`;
  const atCap = `at your cap the next close pays at most ${cap}`;
  const left = toBaseUnits(plan.leftVolume);
  const right = toBaseUnits(plan.rightVolume);
  if (left === right) return `Your left and right teams each need ${bvNeeded(toCap)} more; ${atCap}.`;
  const [weaker, stronger, gap] = left < right ? ['left', 'right', right - left] : ['right', 'left', left - right];
  if (gap >= toCap) return `Your ${weaker} team needs ${bvNeeded(toCap)} more; ${atCap}.`;
  return `Your ${weaker} team needs ${bvNeeded(gap)} more to match your ${stronger} team; ${atCap}.`;
}
