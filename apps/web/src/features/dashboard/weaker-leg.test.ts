import { describe, expect, it } from 'vitest';
import type { PlanStatus } from '@portal/contract';
import { weakerLegSentence } from './weaker-leg';

/** An active, placed Starter member (daily cap 100 USDT, matching 10%: the cap from 1,000 BV matched on). */
function plan(leftVolume: string, rightVolume: string, over: Partial<PlanStatus> = {}): PlanStatus {
  const matched = Number(leftVolume) < Number(rightVolume) ? leftVolume : rightVolume;
  return {
    active: true,
    package: { id: 1, name: 'Starter', dailyCap: '100.00' },
    placed: true,
    pendingVolume: '0',
    leftVolume,
    rightVolume,
    nextClose: { matched, bonus: '0.00', flushed: '0.00' },
    capMatched: '1000',
    closeInReview: null,
    ...over,
  };
}

describe('what the weaker leg needs, in a sentence', () => {
  it('names the weaker team and the BV that gets the next close to the cap, not all the stronger leg carries', () => {
    const sentence = weakerLegSentence(plan('21000', '0'));
    expect(sentence).toBe('Your right team needs 1,000 BV more; at your cap the next close pays at most 100.00 USDT.');
    expect(sentence).not.toContain('is matched');
    expect(weakerLegSentence(plan('1000', '250'))).toBe(
      'Your right team needs 750 BV more; at your cap the next close pays at most 100.00 USDT.',
    );
    expect(weakerLegSentence(plan('0.5', '1200.25'))).toBe(
      'Your left team needs 999.5 BV more; at your cap the next close pays at most 100.00 USDT.',
    );
  });

  it('says how far the weaker team is from the stronger one when that comes before the cap', () => {
    expect(weakerLegSentence(plan('0.25', '0'))).toBe(
      'Your right team needs 0.25 BV more to match your left team; at your cap the next close pays at most 100.00 USDT.',
    );
    expect(weakerLegSentence(plan('300', '500'))).toBe(
      'Your left team needs 200 BV more to match your right team; at your cap the next close pays at most 100.00 USDT.',
    );
  });

  it('asks both teams for the same BV when the legs are equal, or both empty', () => {
    expect(weakerLegSentence(plan('0', '0'))).toBe(
      'Your left and right teams each need 1,000 BV more; at your cap the next close pays at most 100.00 USDT.',
    );
    expect(weakerLegSentence(plan('300', '300.0'))).toBe(
      'Your left and right teams each need 700 BV more; at your cap the next close pays at most 100.00 USDT.',
    );
  });

  it('says the cap is reached once the matched BV pays it, whatever either team adds', () => {
    const reached = 'Your teams already reach your cap: the next close pays 100.00 USDT, the most it can.';
    expect(weakerLegSentence(plan('1000', '1000'))).toBe(reached);
    expect(
      weakerLegSentence(plan('5000', '1100', { nextClose: { matched: '1100', bonus: '100.00', flushed: '10.00' } })),
    ).toBe(reached);
  });

  it('rounds a need up to the hundredth shown, never down to nothing', () => {
    expect(weakerLegSentence(plan('0', '0', { capMatched: '3333.333333333333333334' }))).toBe(
      'Your left and right teams each need 3,333.34 BV more; at your cap the next close pays at most 100.00 USDT.',
    );
    expect(weakerLegSentence(plan('5', '5.001'))).toBe(
      'Your left team needs 0.01 BV more to match your right team; at your cap the next close pays at most 100.00 USDT.',
    );
  });

  it('says when matching pays nothing, and nothing without a next close', () => {
    expect(
      weakerLegSentence(plan('10', '0', { package: { id: 9, name: 'Free', dailyCap: '0.00' }, capMatched: '0' })),
    ).toBe("Your package's daily cap is 0.00 USDT: the next close pays no matching bonus.");
    expect(weakerLegSentence(plan('10', '0', { capMatched: null }))).toBe(
      'At the matching rate in force the next close pays no matching bonus.',
    );
    expect(weakerLegSentence(plan('10', '0', { active: false, nextClose: null, capMatched: null }))).toBeNull();
    expect(weakerLegSentence(plan('0', '0', { placed: false, nextClose: null, capMatched: null }))).toBeNull();
  });
});
