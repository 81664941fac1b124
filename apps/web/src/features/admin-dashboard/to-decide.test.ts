import { describe, expect, it } from 'vitest';
import type { ToDecide } from '@portal/contract';
import { decisionFacts, decisionsSummary, waitedFor, waitingFirst } from './to-decide';

const now = Date.parse('2026-11-29T12:00:00Z');
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('To decide, in words', () => {
  it('says how long the oldest has waited', () => {
    expect(waitedFor(ago(0.5), now)).toBe('under a minute');
    expect(waitedFor(ago(12), now)).toBe('12 min');
    expect(waitedFor(ago(60 * 5 + 10), now)).toBe('5 h');
    expect(waitedFor(ago(60 * 47), now)).toBe('47 h');
    expect(waitedFor(ago(60 * 24 * 3), now)).toBe('3 days');
  });

  it('says the sum beside the age where the note does not, and nothing when none waits', () => {
    const stuck: ToDecide = { kind: 'stuckPayouts', count: 2, amount: '1234.5', oldestAt: ago(30) };
    expect(decisionFacts(stuck, now)).toBe('1,234.50 USDT · oldest waiting 30 min');
    expect(decisionFacts({ kind: 'withdrawals', count: 1, amount: '20', oldestAt: ago(30) }, now)).toBe(
      'oldest waiting 30 min',
    );
    expect(decisionFacts({ ...stuck, count: 0, oldestAt: null }, now)).toBe('');
  });

  it('puts what waits first and counts the decisions, not the set-up', () => {
    const items: ToDecide[] = [
      { kind: 'withdrawals', count: 0, amount: '0', oldestAt: null },
      { kind: 'failedPayouts', count: 1, amount: '10', oldestAt: ago(90) },
      { kind: 'setup', count: 1, amount: null, oldestAt: ago(60 * 24 * 9) },
    ];
    expect(waitingFirst(items).map((i) => i.kind)).toEqual(['failedPayouts', 'setup', 'withdrawals']);
    expect(decisionsSummary(items, now)).toBe('1 decision waiting, the oldest for 1 h.');
    expect(decisionsSummary([items[0]!, items[2]!], now)).toBe('Nothing waits for a decision.');
  });
});
