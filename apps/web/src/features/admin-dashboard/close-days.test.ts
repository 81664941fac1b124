import { describe, expect, it } from 'vitest';
import { addDays, closedDays, firstOpenDay } from './close-days';

describe('close days', () => {
  it('opens the day after the last close, or yesterday before any', () => {
    expect(firstOpenDay([], '2026-03-01')).toBe('2026-02-28');
    expect(
      firstOpenDay(
        [
          { date: '2026-02-27', days: 1 },
          { date: '2026-02-25', days: 1 },
        ],
        '2026-03-01',
      ),
    ).toBe('2026-02-28');
    expect(firstOpenDay([{ date: '2026-03-01', days: 1 }], '2026-03-01')).toBeNull();
  });

  it('marks the days a close covered', () => {
    expect([
      ...closedDays([
        { date: '2026-03-01', days: 3 },
        { date: '2026-02-20', days: 1 },
      ]),
    ]).toEqual([
      ['2026-03-01', '2026-03-01'],
      ['2026-02-28', '2026-03-01'],
      ['2026-02-27', '2026-03-01'],
      ['2026-02-20', '2026-02-20'],
    ]);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
