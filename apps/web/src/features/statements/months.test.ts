import { describe, expect, it } from 'vitest';
import { defaultMonth, statementMonths } from './months';

describe('statement months', () => {
  it('lists the months from the one in progress back to the joining month, across a year', () => {
    const months = statementMonths('2025-11-30T23:59:59Z', new Date('2026-02-01T00:00:00Z'));
    expect(months).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(defaultMonth(months)).toBe('2026-01');
  });

  it('offers the month in progress to a member who joined this month', () => {
    const months = statementMonths('2026-10-03T08:00:00Z', new Date('2026-10-31T23:59:59Z'));
    expect(months).toEqual(['2026-10']);
    expect(defaultMonth(months)).toBe('2026-10');
  });
});
