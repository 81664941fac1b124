import { fromBaseUnits, toBaseUnits } from '@portal/contract';

/**
 * Business volume (BV) as the API answers it everywhere: a canonical decimal
 * string without trailing zeros ("100", "12.5"), from PostgreSQL's numeric text.
 */
export function bvText(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${BigInt(whole)}.${trimmed}` : BigInt(whole).toString();
}

/** BV is a plain decimal; the plan's arithmetic runs on it scaled to 18 decimals. */
export const bvToUnits = (value: string): bigint =>
  toBaseUnits(value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);
export const unitsToBv = (value: bigint): string => fromBaseUnits(value).replace(/\.?0+$/, '') || '0';
