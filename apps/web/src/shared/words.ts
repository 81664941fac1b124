import { formatBV, formatCount } from './format';

// Counts in sentences, apart from format.ts: that module is in the sign-in page's download (it formats there too),
// and whatever it exports that any page uses is bundled with it (e2e/sign-in-weight.spec.ts).

/**
 * A count with its noun, singular for exactly one: `plural(1, 'point')` →
 * "1 point", `plural(1284, 'member')` → "1,284 members", `plural(2, 'entry',
 * 'entries')` → "2 entries". A number is formatted with `formatCount`; a
 * string is a figure already formatted by one of the formatters here (or a
 * decimal as the API sends it) and is shown as it is, singular when it reads
 * "1": `plural(formatBV('1.00'), 'point')` → "1 point".
 */
export function plural(count: number | string, one: string, many = `${one}s`): string {
  const shown = typeof count === 'number' ? formatCount(count) : count;
  return `${shown} ${shown === '1' ? one : many}`;
}

/**
 * Points in a sentence: as few decimals as the figure needs (at most 2) and
 * the noun singular for exactly one: "1 point", "2.5 points", "1,250 points".
 * A table's or a balance's points stay `formatPoints` ("1,250.00 points").
 */
export function pointsInWords(value: string | null | undefined): string {
  const shown = formatBV(value);
  // A figure has a digit; what stands for a missing one (—) has none.
  return /\d/.test(shown) ? plural(shown, 'point') : shown;
}
