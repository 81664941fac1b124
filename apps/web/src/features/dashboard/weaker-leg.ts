import { formatBV } from '../../shared/format';

/** Scaled BV: volumes have at most this many decimals (the API's canonical BV strings, apps/api/src/shared/bv.ts). */
const SCALE = 10n ** 8n;

function units(bv: string): bigint {
  const [whole = '0', fraction = ''] = bv.split('.');
  return BigInt(whole) * SCALE + BigInt((fraction + '00000000').slice(0, 8));
}

function bvOf(value: bigint): string {
  const whole = value / SCALE;
  const fraction = (value % SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * What the weaker leg needs to match all the stronger leg carries: matching
 * pays on the smaller of the two, so BV added to the weaker leg is matched
 * until it reaches the stronger one. Null when the legs are equal.
 */
export function weakerLegNeeds(left: string, right: string): { side: 'left' | 'right'; text: string } | null {
  const l = units(left);
  const r = units(right);
  if (l === r) return null;
  const side = l < r ? 'left' : 'right';
  return { side, text: `${formatBV(bvOf(l < r ? r - l : l - r))} BV more here is matched` };
}
