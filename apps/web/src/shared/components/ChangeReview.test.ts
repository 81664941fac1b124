import { describe, expect, it } from 'vitest';
import { fieldMessage } from '../forms';
import { changesOf, shownValue } from './ChangeReview';

describe('the review of a save', () => {
  it('lists only the changed fields, in order, old → new with units and switches in words', () => {
    const before = { a: '1', b: '2', c: true, d: '' };
    const after = { a: '1', b: '3', c: false, d: 'x' };
    const labels = { a: { label: 'A' }, b: { label: 'B', unit: 'USDT' }, c: { label: 'C' }, d: { label: 'D' } };
    expect(changesOf(before, after, ['a', 'b', 'c', 'd'] as const, (f) => labels[f])).toEqual([
      { field: 'b', label: 'B', from: '2 USDT', to: '3 USDT' },
      { field: 'c', label: 'C', from: 'On', to: 'Off' },
      { field: 'd', label: 'D', from: '(empty)', to: 'x' },
    ]);
    expect(shownValue(undefined)).toBe('(empty)');
  });

  it("puts a field's error in words, without the field name the API puts first", () => {
    expect(fieldMessage('name: Name is required', 'name')).toBe('Name is required');
    expect(fieldMessage('A package named Gold exists already', 'name')).toBe('A package named Gold exists already');
  });
});
