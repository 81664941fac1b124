import { z } from 'zod';
import { text } from './text';

/**
 * Money is never a JavaScript number. At the edge it is a decimal string
 * ("125.50"); inside it is a bigint of base units. USDT on BNB Smart Chain
 * has 18 decimals and points keep the same precision.
 */
export const DECIMALS = 18;
const SCALE = 10n ** BigInt(DECIMALS);

/** The largest amount any single request may name: one trillion. */
export const MAX_AMOUNT = '1000000000000';
const MAX_UNITS = BigInt(MAX_AMOUNT) * SCALE;

export const units = ['USDT', 'POINT'] as const;
export type Unit = (typeof units)[number];

/** A plain decimal: no sign, no exponent, no leading zeros, no bare point. */
const DECIMAL_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;
/** The documented shapes (OpenAPI `pattern`): an amount sent, an amount answered (maybe signed). */
const AMOUNT_PATTERN_SOURCE = '^(0|[1-9][0-9]*)(\\.[0-9]{1,18})?$';
const MONEY_PATTERN_SOURCE = '^-?(0|[1-9][0-9]*)(\\.[0-9]{1,18})?$';

/**
 * The rules every amount a client sends must follow, with messages that name
 * the field: a string (never a JSON number), plain decimal digits, at most
 * 18 decimals, more than zero, at most one trillion.
 */
export function amountProblem(value: unknown, label = 'Amount'): string | undefined {
  if (typeof value !== 'string') return `${label} must be a decimal string such as "125.50"`;
  if (value === '') return `${label} is required`;
  if (!DECIMAL_PATTERN.test(value)) {
    if (/^\s|\s$/.test(value)) return `${label} must not have spaces around it`;
    if (value.startsWith('-')) return `${label} must be greater than 0`;
    return `${label} must be a plain decimal number such as 125.50 (digits and one point, no sign, exponent or leading zeros)`;
  }
  const fraction = value.split('.')[1] ?? '';
  if (fraction.length > DECIMALS) return `${label} can have at most ${DECIMALS} decimals`;
  const base = toBaseUnits(value);
  if (base <= 0n) return `${label} must be greater than 0`;
  if (base > MAX_UNITS) return `${label} must be at most 1,000,000,000,000`;
  return undefined;
}

/** A positive amount as a decimal string, checked by `amountProblem`. */
export function amountSchema(label = 'Amount') {
  return text({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be a decimal string such as "125.50"`,
  })
    .superRefine((value, ctx) => {
      const problem = amountProblem(value, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({
      description: 'A decimal string with at most 18 decimals, e.g. "125.50"',
      example: '125.50',
      pattern: AMOUNT_PATTERN_SOURCE,
    });
}

/** An amount the API answers with: a canonical decimal string, possibly signed ("-12.50"). */
export const moneySchema = z.string().meta({
  description: 'Exact decimal string, e.g. "125.50" or "-0.000000000000000001"',
  example: '125.50',
  pattern: MONEY_PATTERN_SOURCE,
});

/**
 * "125.5" → 125500000000000000000n. Throws on anything that is not a plain
 * decimal with at most `decimals` places (an optional leading minus is allowed
 * so that signed figures read back from the API round-trip).
 */
export function toBaseUnits(value: string, decimals = DECIMALS): bigint {
  const match = /^(-)?(0|[1-9]\d*)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > decimals) throw new RangeError(`More than ${decimals} decimals: ${value}`);
  const result = BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return sign ? -result : result;
}

/**
 * 125500000000000000000n → "125.50": at least two decimals, then only the
 * digits that matter, so the full 18-decimal precision survives
 * ("0.000000000000000001") and round amounts read naturally ("100.00").
 */
export function fromBaseUnits(value: bigint, decimals = DECIMALS): string {
  // Most days of a chart's series are 0: the dashboards write hundreds of them per answer.
  if (value === 0n) return '0.00';
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Rounds `numerator / denominator` (both non-negative) half up to a whole base unit. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n)
    throw new RangeError('divideHalfUp takes a non-negative numerator and a positive denominator');
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * A non-negative decimal with at most `maxDecimals` places and an upper
 * bound, for settings such as a fee percentage or a conversion rate.
 */
export function decimalSettingSchema(label: string, options: { maxDecimals: number; max: string; allowZero: boolean }) {
  return text({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a decimal string`),
  }).superRefine((value, ctx) => {
    if (!DECIMAL_PATTERN.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be a plain decimal number (digits and one point, no sign or exponent)`,
      });
      return;
    }
    const fraction = value.split('.')[1] ?? '';
    if (fraction.length > options.maxDecimals) {
      ctx.addIssue({ code: 'custom', message: `${label} can have at most ${options.maxDecimals} decimals` });
      return;
    }
    const scaled = toBaseUnits(value, options.maxDecimals);
    if (!options.allowZero && scaled === 0n)
      ctx.addIssue({ code: 'custom', message: `${label} must be greater than 0` });
    if (scaled > toBaseUnits(options.max, options.maxDecimals))
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ${options.max}` });
  });
}

/** The decimal places of a fee percentage ("2.5" → 2.5%) and of a conversion rate. */
export const PERCENT_DECIMALS = 4;
export const RATE_DECIMALS = 8;

/** The fee for `amount` at `percent` (a decimal string), in base units, rounded half up. */
export function feeFor(amount: bigint, percent: string): bigint {
  const scaledPercent = toBaseUnits(percent, PERCENT_DECIMALS);
  return divideHalfUp(amount * scaledPercent, 100n * 10n ** BigInt(PERCENT_DECIMALS));
}

/** What `amount` converts to at `rate` (a decimal string), in base units, rounded down. */
export function convertAtRate(amount: bigint, rate: string): bigint {
  return (amount * toBaseUnits(rate, RATE_DECIMALS)) / 10n ** BigInt(RATE_DECIMALS);
}
