import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountProblem, amountSchema, convertAtRate, feeFor, fromBaseUnits, toBaseUnits } from './money';

describe('amounts at the edge', () => {
  it.each(['1', '0.01', '125.50', '100.000000000000000001', '1000000000000', '999999999999.999999999999999999'])(
    'accepts %s',
    (value) => {
      expect(amountProblem(value)).toBeUndefined();
      expect(amountSchema().safeParse(value).success).toBe(true);
    },
  );

  it.each([
    ['1e3', 'plain decimal'],
    ['-5', 'greater than 0'],
    ['0', 'greater than 0'],
    ['0.000', 'greater than 0'],
    ['01', 'plain decimal'],
    ['.5', 'plain decimal'],
    ['5.', 'plain decimal'],
    ['1,000', 'plain decimal'],
    ['+5', 'plain decimal'],
    [' 5', 'spaces'],
    ['0x10', 'plain decimal'],
    ['NaN', 'plain decimal'],
    ['1.0000000000000000001', 'at most 18 decimals'],
    ['1000000000000.000000000000000001', 'at most 1,000,000,000,000'],
    ['', 'required'],
  ])('refuses %j (%s), naming the field', (value, why) => {
    const problem = amountProblem(value, 'Amount');
    expect(problem).toMatch(/^Amount /);
    expect(problem).toContain(why);
  });

  it('refuses JSON numbers and anything that is not a string', () => {
    for (const value of [5, 5.5, null, true, {}, ['1']]) {
      expect(amountSchema('Amount').safeParse(value).success).toBe(false);
    }
    expect(amountSchema('Amount').safeParse(5).error?.issues[0]?.message).toBe(
      'Amount must be a decimal string such as "125.50"',
    );
  });
});

describe('base units', () => {
  it('converts both ways exactly', () => {
    expect(toBaseUnits('125.5')).toBe(125_500_000_000_000_000_000n);
    expect(toBaseUnits('0.000000000000000001')).toBe(1n);
    expect(toBaseUnits('-2.25')).toBe(-2_250_000_000_000_000_000n);
    expect(fromBaseUnits(125_500_000_000_000_000_000n)).toBe('125.50');
    expect(fromBaseUnits(0n)).toBe('0.00');
    expect(fromBaseUnits(1n)).toBe('0.000000000000000001');
    expect(fromBaseUnits(-1_000_000_000_000_000_000n)).toBe('-1.00');
    expect(fromBaseUnits(123_456_789_000_000_000_000_000n)).toBe('123456.789');
    expect(() => toBaseUnits('1e3')).toThrow();
    expect(() => toBaseUnits('1.0000000000000000001')).toThrow();
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 31n), max: 10n ** 31n }), (units) => {
        expect(toBaseUnits(fromBaseUnits(units))).toBe(units);
      }),
    );
  });

  it('a formatted amount is always accepted back as input when positive and in range', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), (units) => {
        expect(amountProblem(fromBaseUnits(units))).toBeUndefined();
      }),
    );
  });
});

describe('fees and conversion', () => {
  it('takes the fee half up to the base unit', () => {
    expect(feeFor(10n * 10n ** 18n, '2.5')).toBe(250_000_000_000_000_000n);
    expect(feeFor(1n, '50')).toBe(1n); // 0.5 of a unit rounds up
    expect(feeFor(1n, '49.9999')).toBe(0n);
    expect(feeFor(3n, '33.3333')).toBe(1n);
    expect(feeFor(123n, '0')).toBe(0n);
  });

  it('never takes more than the amount, and the two parts add up', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 500_000 }),
        (amount, tenThousandths) => {
          const percent = `${Math.floor(tenThousandths / 10_000)}.${String(tenThousandths % 10_000).padStart(4, '0')}`;
          const fee = feeFor(amount, percent);
          expect(fee >= 0n && fee <= amount).toBe(true);
          // Within half a unit of the exact fee.
          const exactTimes = amount * BigInt(tenThousandths);
          const diff = fee * 1_000_000n - exactTimes;
          expect(diff * 2n <= 1_000_000n && diff * 2n > -1_000_000n).toBe(true);
        },
      ),
    );
  });

  it('converts at the rate, rounding down', () => {
    expect(convertAtRate(10n * 10n ** 18n, '1')).toBe(10n * 10n ** 18n);
    expect(convertAtRate(10n * 10n ** 18n, '1.5')).toBe(15n * 10n ** 18n);
    expect(convertAtRate(10n, '0.33333333')).toBe(3n);
  });
});
