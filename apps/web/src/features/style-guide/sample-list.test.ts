import { describe, expect, it } from 'vitest';
import { compareDecimal, SAMPLE_TRANSFERS, sampleList } from './sample-list';

const base = { search: '', status: '', sort: 'id', page: 1, pageSize: 10 };

describe('the style guide sample list', () => {
  it('orders decimal strings exactly', () => {
    expect(compareDecimal('10.5', '9.99')).toBe(1);
    expect(compareDecimal('9.99', '10.5')).toBe(-1);
    expect(compareDecimal('1.10', '1.1')).toBe(0);
    expect(compareDecimal('-2', '1')).toBe(-1);
    expect(compareDecimal('100000000000000000.000000000000000001', '100000000000000000')).toBe(1);
  });

  it('pages through every row once', () => {
    const pages = [1, 2, 3, 4, 5].map((page) => sampleList(SAMPLE_TRANSFERS, { ...base, page }));
    expect(pages.every((p) => p.total === SAMPLE_TRANSFERS.length)).toBe(true);
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 10, 10, 2]);
    expect(pages.flatMap((p) => p.items.map((r) => r.id))).toEqual(SAMPLE_TRANSFERS.map((r) => r.id));
  });

  it('filters by member and status, and counts what matches', () => {
    const result = sampleList(SAMPLE_TRANSFERS, { ...base, search: 'ALICE', status: 'paid', pageSize: 100 });
    expect(result.total).toBe(result.items.length);
    expect(result.total).toBeGreaterThan(0);
    expect(result.items.every((r) => r.member === 'sample-alice' && r.status === 'paid')).toBe(true);
    expect(sampleList(SAMPLE_TRANSFERS, { ...base, search: 'nobody' })).toEqual({ items: [], total: 0 });
  });

  it('sorts by amount as money, both ways, with the id breaking ties', () => {
    const up = sampleList(SAMPLE_TRANSFERS, { ...base, sort: 'amount', pageSize: 100 }).items;
    for (let i = 1; i < up.length; i += 1)
      expect(compareDecimal(up[i - 1]!.amount, up[i]!.amount)).toBeLessThanOrEqual(0);
    const down = sampleList(SAMPLE_TRANSFERS, { ...base, sort: '-amount', pageSize: 100 }).items;
    expect(down.map((r) => r.id)).toEqual([...up].reverse().map((r) => r.id));
    const byMember = sampleList(SAMPLE_TRANSFERS, { ...base, sort: 'member', pageSize: 100 }).items;
    const alices = byMember.filter((r) => r.member === 'sample-alice').map((r) => r.id);
    expect(alices).toEqual([...alices].sort((a, b) => a - b));
  });

  it('holds only decimal strings and names that say they are samples', () => {
    for (const row of SAMPLE_TRANSFERS) {
      expect(row.amount).toMatch(/^\d+\.\d{2}$/);
      expect(row.member.startsWith('sample-')).toBe(true);
    }
  });
});
