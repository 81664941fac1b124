import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from './useSelection';

const pageOne = [{ id: 1 }, { id: 2 }];
const pageTwo = [{ id: 3 }, { id: 4 }];
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

function setUp() {
  return renderHook(({ rows }) => useSelection(rows), { initialProps: { rows: pageOne } });
}

describe('useSelection', () => {
  it('keeps rows chosen on one page while another is shown', () => {
    const hook = setUp();
    act(() => hook.result.current.toggle(pageOne[1]!));
    hook.rerender({ rows: pageTwo });
    act(() => hook.result.current.toggle(pageTwo[0]!));
    expect(ids(hook.result.current.chosen)).toEqual([2, 3]);
    expect(hook.result.current.has(2)).toBe(true);
    expect(hook.result.current.allOnPage).toBe(false);
  });

  it('selects the page, then unselects only that page', () => {
    const hook = setUp();
    act(() => hook.result.current.toggle(pageOne[0]!));
    hook.rerender({ rows: pageTwo });
    act(() => hook.result.current.togglePage());
    expect(hook.result.current.allOnPage).toBe(true);
    expect(ids(hook.result.current.chosen)).toEqual([1, 3, 4]);
    act(() => hook.result.current.togglePage());
    expect(ids(hook.result.current.chosen)).toEqual([1]);
  });

  it('toggles a row off again', () => {
    const hook = setUp();
    act(() => hook.result.current.toggle(pageOne[0]!));
    act(() => hook.result.current.toggle(pageOne[0]!));
    expect(hook.result.current.chosen).toEqual([]);
  });

  it('forgets the rows a decision took, and keeps the others', () => {
    const hook = setUp();
    act(() => hook.result.current.togglePage());
    act(() => hook.result.current.forget([1]));
    expect(ids(hook.result.current.chosen)).toEqual([2]);
  });

  it('has nothing to select on an empty page', () => {
    const hook = renderHook(() => useSelection<{ id: number }>([]));
    expect(hook.result.current.allOnPage).toBe(false);
  });
});
