import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchDay, percentToPpm, referralPayouts, shareOf } from '../../src/plan/rules';

const usdt = (whole: number) => BigInt(whole) * 10n ** 18n;

describe('percentToPpm', () => {
  it('reads percentages exactly', () => {
    expect(percentToPpm('10')).toBe(100_000n);
    expect(percentToPpm('2.5')).toBe(25_000n);
    expect(percentToPpm('0.0001')).toBe(1n);
    expect(percentToPpm('100')).toBe(1_000_000n);
  });
  it.each(['', '-1', '1e2', '100.0001', '101', '1.23456', 'abc'])('refuses %s', (bad) => {
    expect(() => percentToPpm(bad)).toThrow();
  });
});

describe('referralPayouts', () => {
  const rates = ['10', '5', '2'].map(percentToPpm);

  it('pays 10/5/2 % of the price to active uplines by level', () => {
    const payouts = referralPayouts(
      usdt(1000),
      [
        { memberId: 1, active: true },
        { memberId: 2, active: true },
        { memberId: 3, active: true },
        { memberId: 4, active: true },
      ],
      rates,
    );
    expect(payouts).toEqual([
      { memberId: 1, level: 1, amount: usdt(100) },
      { memberId: 2, level: 2, amount: usdt(50) },
      { memberId: 3, level: 3, amount: usdt(20) },
    ]);
  });

  it('skips an inactive upline without passing its share on', () => {
    const payouts = referralPayouts(
      usdt(100),
      [
        { memberId: 1, active: false },
        { memberId: 2, active: true },
      ],
      rates,
    );
    expect(payouts).toEqual([{ memberId: 2, level: 2, amount: usdt(5) }]);
  });

  it('never pays more than the sum of the rates', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.array(fc.boolean(), { maxLength: 6 }),
        (price, actives) => {
          const payouts = referralPayouts(
            price,
            actives.map((active, i) => ({ memberId: i, active })),
            rates,
          );
          const total = payouts.reduce((sum, p) => sum + p.amount, 0n);
          expect(total <= shareOf(price, 170_000n)).toBe(true);
          expect(payouts.every((p) => p.amount > 0n && p.level <= 3)).toBe(true);
        },
      ),
    );
  });
});

describe('matchDay', () => {
  const tenPercent = percentToPpm('10');

  it('matches the weaker leg, carries the stronger remainder', () => {
    expect(matchDay(usdt(700), usdt(300), tenPercent, usdt(1000))).toEqual({
      left: usdt(700),
      right: usdt(300),
      matched: usdt(300),
      earned: usdt(30),
      paid: usdt(30),
      flushed: 0n,
      carryLeft: usdt(400),
      carryRight: 0n,
    });
  });

  it('caps the bonus and flushes the rest', () => {
    const day = matchDay(usdt(5000), usdt(2000), tenPercent, usdt(100));
    expect(day).toMatchObject({
      matched: usdt(2000),
      earned: usdt(200),
      paid: usdt(100),
      flushed: usdt(100),
      carryLeft: usdt(3000),
      carryRight: 0n,
    });
  });

  it('conserves volume and money for any legs', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 25n }),
        fc.bigInt({ min: 0n, max: 10n ** 25n }),
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        (left, right, cap) => {
          const d = matchDay(left, right, tenPercent, cap);
          expect(d.carryLeft + d.matched).toBe(left);
          expect(d.carryRight + d.matched).toBe(right);
          expect(d.carryLeft === 0n || d.carryRight === 0n).toBe(true);
          expect(d.paid + d.flushed).toBe(d.earned);
          expect(d.paid <= cap).toBe(true);
        },
      ),
    );
  });
});
