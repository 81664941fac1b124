import { describe, expect, it } from 'vitest';
import { timeLeft } from './countdown';

describe('timeLeft', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('says hours and minutes, rounding up to the minute', () => {
    expect(timeLeft('2026-01-01T23:05:00Z', now)).toBe('23 h 5 min');
    expect(timeLeft('2026-01-02T00:00:00Z', now)).toBe('24 h');
    expect(timeLeft('2026-01-01T00:03:30Z', now)).toBe('4 min');
  });
  it('says due now once the time has come', () => {
    expect(timeLeft('2026-01-01T00:00:00Z', now)).toBe('due now');
    expect(timeLeft('2025-12-31T00:00:00Z', now)).toBe('due now');
  });
});
