/**
 * Formatting for display, always in en-US (seed §9).
 *
 * Money arrives from the API as decimal strings ("125.5",
 * "100.000000000000000001") and is never turned into a JavaScript number:
 * rounding is done on the digits with BigInt.
 */

export const LOCALE = 'en-US';
const MISSING = '—';

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

export interface MoneyFormatOptions {
  /** Digits after the point (default 2). */
  decimals?: number;
  /** A unit to append, e.g. 'USDT' or 'points'. */
  unit?: string;
}

/**
 * Formats a decimal string with `decimals` places (default 2), grouping
 * thousands with commas, rounding half up (ties away from zero):
 * "1234.565" → "1,234.57", "-0.005" → "-0.01", "0.004" → "0.00".
 * Anything that is not a plain decimal string shows as "—".
 */
export function formatMoney(value: string | null | undefined, options: MoneyFormatOptions = {}): string {
  const decimals = options.decimals ?? 2;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36)
    throw new RangeError('decimals must be an integer from 0 to 36');
  if (typeof value !== 'string') return MISSING;
  const match = DECIMAL.exec(value.trim());
  if (!match) return MISSING;
  const [, sign, intDigits = '', fracDigits = ''] = match;
  if (!intDigits && !fracDigits) return MISSING;

  const kept = fracDigits.slice(0, decimals).padEnd(decimals, '0');
  const firstDropped = fracDigits.charAt(decimals);
  let units = BigInt(`${intDigits || '0'}${kept}`);
  if (firstDropped >= '5' && firstDropped <= '9') units += 1n;

  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = decimals ? digits.slice(0, -decimals) : digits;
  const fraction = decimals ? digits.slice(-decimals) : '';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign === '-' && units !== 0n;
  const text = `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
  return options.unit ? `${text} ${options.unit}` : text;
}

/**
 * BNB for gas: fees are small, so up to 6 decimals, trailing zeros trimmed to
 * 2: "0.000105" → "0.000105 BNB", "100" → "100.00 BNB". The one gas format
 * (top-ups, payout fees, wallet balances).
 */
export function formatGas(value: string | null | undefined): string {
  const text = formatMoney(value, { decimals: 6 });
  if (text === MISSING) return text;
  return `${text.replace(/(\.\d\d\d*?)0+$/, '$1')} BNB`;
}

/**
 * Business volume (BV) as a plain number: grouped, at most two decimals,
 * no trailing zeros, no unit symbol: "1234.50" → "1,234.5", "100" → "100".
 */
export function formatBV(value: string | null | undefined): string {
  const text = formatMoney(value, { decimals: 2 });
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Points (the point wallet, product prices, redemptions): as money, 2 decimals, with the unit: "1,250.00 points". */
export function formatPoints(value: string | null | undefined): string {
  const text = formatMoney(value, { decimals: 2 });
  return text === MISSING ? text : `${text} points`;
}

/** The time zone the portal's dates are shown in, stated once per page or CSV header: "UTC". */
export function timeZoneLabel(timeZone?: string): string {
  return timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** True for a plain decimal string such as "12", "12.5" or "-0.000001". */
export function isDecimalString(value: string): boolean {
  const match = DECIMAL.exec(value.trim());
  return !!match && !!(match[2] || match[3]);
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Jan 2, 2026" */
export function formatDate(value: DateInput, options: { timeZone?: string } = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  return new Intl.DateTimeFormat(LOCALE, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: options.timeZone,
  }).format(date);
}

/** "Jan 2, 2026, 3:04 AM" */
export function formatDateTime(value: DateInput, options: { timeZone?: string } = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  return new Intl.DateTimeFormat(LOCALE, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(date);
}

/** A chart's period: a day (`2026-11-20`) as "Nov 20", a month (`2026-11`) as "Nov 2026" (UTC, as the API counts). */
export function formatPeriod(period: string): string {
  const [year, month, day] = period.split('-').map(Number) as [number, number, number | undefined];
  const date = new Date(Date.UTC(year, month - 1, day ?? 1));
  if (Number.isNaN(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat(
    LOCALE,
    day ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { month: 'short', year: 'numeric', timeZone: 'UTC' },
  ).format(date);
}

/** A month (`2026-10`, UTC) in words: "October 2026". */
export function formatMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

const COMPACT = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });

/** A chart axis's round figure, which the chart chose (never an amount from the API): "1.5K". */
export function formatCompact(value: number): string {
  return Number.isFinite(value) ? COMPACT.format(value) : MISSING;
}

/** A measurement that is no amount (a contrast ratio): `decimals` places, grouped: 4.5 → "4.50". */
export function formatNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return MISSING;
  return new Intl.NumberFormat(LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  );
}

/** Counts (members, sign-ups): "1,234". Not for money. */
export function formatCount(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING;
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }).format(value);
}

/** Initials for an avatar: "Alice Example" → "AE", "bob" → "B". */
export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}
