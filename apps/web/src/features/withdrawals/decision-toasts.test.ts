import { describe, expect, it } from 'vitest';
import { decisionToasts } from './decision-toasts';

const note = (id: number, message: string) => ({ id, message });

describe('decisionToasts (what an approval on /withdraw-approval says)', () => {
  it('says "on their way" only for payouts that go now', () => {
    expect(decisionToasts('approve', { done: [1, 2], skipped: [] })).toEqual([
      { variant: 'success', message: '2 withdrawals approved: payouts are on their way.' },
    ]);
  });

  it('a first approval waiting for a second admin is said as waiting, not as on its way', () => {
    const waiting = note(3, 'Withdrawal #3: first approval recorded; it waits for a second admin (…).');
    expect(decisionToasts('approve', { done: [], skipped: [], waiting: [waiting] })).toEqual([
      { variant: 'info', message: waiting.message },
    ]);
  });

  it('a payout held by the daily cap is approved but waits: said as such', () => {
    const held = note(4, "Withdrawal #4 is approved; its payout waits: Over today's payout cap of 100.00 USDT …");
    expect(decisionToasts('approve', { done: [4, 5], skipped: [], waiting: [held] })).toEqual([
      { variant: 'success', message: '1 withdrawal approved: payouts are on their way.' },
      { variant: 'info', message: held.message },
    ]);
  });

  it('a payout the hot wallet cannot cover is a warning, never "on their way"', () => {
    const short = note(6, 'Withdrawal #6 is approved, but the hot wallet has 10.00 USDT left for it …');
    expect(decisionToasts('approve', { done: [6], skipped: [], unfunded: [short] })).toEqual([
      { variant: 'warning', message: short.message },
    ]);
  });

  it('a withdrawal left alone says why, without a "0 approved"', () => {
    const skipped = note(7, 'You gave withdrawal #7 its first approval; a different admin must give the second.');
    expect(decisionToasts('approve', { done: [], skipped: [skipped] })).toEqual([
      { variant: 'warning', message: skipped.message },
    ]);
    expect(decisionToasts('reject', { done: [8], skipped: [] })).toEqual([
      { variant: 'success', message: '1 withdrawal rejected and refunded.' },
    ]);
  });
});
