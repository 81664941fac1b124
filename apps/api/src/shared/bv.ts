/**
 * Business volume (BV) as the API answers it everywhere: a canonical decimal
 * string without trailing zeros ("100", "12.5"), from PostgreSQL's numeric text.
 */
export function bvText(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${BigInt(whole)}.${trimmed}` : BigInt(whole).toString();
}
