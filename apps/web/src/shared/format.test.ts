import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  formatCompact,
  formatCount,
  formatDate,
  formatDateTime,
  formatGas,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPeriod,
  formatPoints,
  initialsOf,
  isDecimalString,
} from './format';
import { plural, pointsInWords } from './words';

describe('formatMoney', () => {
  it.each([
    ['0', '0.00'],
    ['125.5', '125.50'],
    ['1234567.891', '1,234,567.89'],
    ['1234.565', '1,234.57'],
    ['1234.564999999', '1,234.56'],
    ['0.005', '0.01'],
    ['0.004', '0.00'],
    ['0.995', '1.00'],
    ['999.995', '1,000.00'],
    ['-0.005', '-0.01'],
    ['-0.004', '0.00'],
    ['-1234.5', '-1,234.50'],
    ['+7', '7.00'],
    ['.5', '0.50'],
    ['12.', '12.00'],
    ['000123.4', '123.40'],
    ['100.000000000000000001', '100.00'],
    ['0.000000000000000005', '0.00'],
    ['  42.1  ', '42.10'],
  ])('%s → %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('keeps full precision beyond what a JS number can hold', () => {
    // 2^53 + 1 is not representable as a number; the string path keeps it.
    expect(formatMoney('9007199254740993.125')).toBe('9,007,199,254,740,993.13');
    expect(formatMoney('123456789012345678901234567890.994999')).toBe('123,456,789,012,345,678,901,234,567,890.99');
    expect(formatMoney('123456789012345678901234567890.995')).toBe('123,456,789,012,345,678,901,234,567,891.00');
  });

  it('supports other decimal counts and a unit', () => {
    expect(formatMoney('1.23456', { decimals: 4 })).toBe('1.2346');
    expect(formatMoney('1234.5', { decimals: 0 })).toBe('1,235');
    expect(formatMoney('10', { unit: 'USDT' })).toBe('10.00 USDT');
  });

  it('shows a dash for what is not a decimal string', () => {
    for (const bad of ['', '.', '-', 'abc', '1e5', '1,000.00', '1.2.3', 'NaN', null, undefined]) {
      expect(formatMoney(bad as string)).toBe('—');
    }
  });

  it('never converts to a JS number', () => {
    const original = Number;
    const spy = new Proxy(original, {
      apply() {
        throw new Error('Number() called');
      },
    });
    (globalThis as { Number: NumberConstructor }).Number = spy;
    try {
      expect(formatMoney('1.005')).toBe('1.01');
    } finally {
      (globalThis as { Number: NumberConstructor }).Number = original;
    }
  });
});

describe('formatGas', () => {
  it('keeps the small decimals of gas, trims trailing zeros to 2, and names the unit', () => {
    expect(formatGas('0.000105')).toBe('0.000105 BNB');
    expect(formatGas('0.0021000000')).toBe('0.0021 BNB');
    expect(formatGas('100')).toBe('100.00 BNB');
    expect(formatGas('1234.5')).toBe('1,234.50 BNB');
    expect(formatGas('0.0000004')).toBe('0.00 BNB');
    expect(formatGas(null)).toBe('—');
  });
});

describe('isDecimalString', () => {
  it('accepts plain decimals only', () => {
    expect(isDecimalString('12.5')).toBe(true);
    expect(isDecimalString('-0.000001')).toBe(true);
    expect(isDecimalString('1e3')).toBe(false);
    expect(isDecimalString('')).toBe(false);
  });
});

describe('dates and counts in en-US', () => {
  it('formats dates', () => {
    expect(formatDate('2026-01-02T03:04:05.000Z', { timeZone: 'UTC' })).toBe('Jan 2, 2026');
    expect(formatDateTime('2026-11-22T15:04:05.000Z', { timeZone: 'UTC' })).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate(null)).toBe('—');
  });

  it('formats counts and initials', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(initialsOf('Alice Marie Example')).toBe('AE');
    expect(initialsOf('bob')).toBe('B');
    expect(initialsOf('')).toBe('?');
  });
});

describe('a count and its noun', () => {
  it('is singular for exactly one, plural for anything else, the count formatted', () => {
    expect(plural(1, 'point')).toBe('1 point');
    expect(plural(0, 'point')).toBe('0 points');
    expect(plural(2, 'member')).toBe('2 members');
    expect(plural(1284, 'member')).toBe('1,284 members');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('takes a figure already formatted as it is, singular when it reads "1"', () => {
    expect(plural('1', 'point')).toBe('1 point');
    expect(plural('1.5', 'point')).toBe('1.5 points');
    expect(plural('1.00', 'point')).toBe('1.00 points');
    expect(plural('12,500', 'point')).toBe('12,500 points');
  });

  it('writes points in a sentence with the decimals they need', () => {
    expect(pointsInWords('1.00')).toBe('1 point');
    expect(pointsInWords('3')).toBe('3 points');
    expect(pointsInWords('2.50')).toBe('2.5 points');
    expect(pointsInWords('1250')).toBe('1,250 points');
    expect(pointsInWords(null)).toBe('—');
  });
});

describe('points, periods and plain figures', () => {
  it('shows points as money with their unit', () => {
    expect(formatPoints('1250')).toBe('1,250.00 points');
    expect(formatPoints('0.005')).toBe('0.01 points');
    expect(formatPoints(undefined)).toBe('—');
  });

  it('names a chart period and a month in UTC', () => {
    expect(formatPeriod('2026-11-20')).toBe('Nov 20');
    expect(formatPeriod('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-10')).toBe('October 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
  });

  it('writes an axis figure compact and a measurement with fixed decimals', () => {
    expect(formatCompact(1500)).toBe('1.5K');
    expect(formatNumber(4.5)).toBe('4.50');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
});

/**
 * One formatter each: a number or a date on screen goes through this module. A page that formats by hand
 * (`toFixed`, `toLocaleString`, `Intl.…`) fails here, naming the file and line, so the next one uses (or adds) a
 * formatter in `format.ts` instead.
 */
describe('no page formats by hand', () => {
  const SRC = path.resolve(import.meta.dirname, '..');
  const BY_HAND = /\.(toFixed|toPrecision|toLocaleString|toLocaleDateString|toLocaleTimeString)\(|\bIntl\./;
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(path.join(dir, entry.name))
        : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
          ? [path.join(dir, entry.name)]
          : [],
    );

  it('finds the patterns it looks for', () => {
    expect(BY_HAND.test('amount.toFixed(2)')).toBe(true);
    expect(BY_HAND.test("new Date(x).toLocaleDateString('en-US')")).toBe(true);
    expect(BY_HAND.test('new Intl.NumberFormat()')).toBe(true);
    expect(BY_HAND.test('formatMoney(amount)')).toBe(false);
  });

  it('leaves numbers and dates to shared/format.ts everywhere else in the web app', () => {
    const sources = files(SRC);
    expect(sources).toContain(path.join(SRC, 'shared', 'components', 'DataTable.tsx'));
    const found = sources
      .filter((file) => file !== path.join(SRC, 'shared', 'format.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (BY_HAND.test(line) ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
