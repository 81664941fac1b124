import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../../src/platform/db/group-commit';

/** A `run` whose groups finish only when the test says so. */
function controlledRun(fail: (items: number[]) => boolean = () => false) {
  const groups: number[][] = [];
  const pending: Array<() => void> = [];
  let running = 0;
  let mostRunning = 0;
  const run = async (items: number[]) => {
    groups.push(items);
    running += 1;
    mostRunning = Math.max(mostRunning, running);
    await new Promise<void>((resolve) => pending.push(resolve));
    running -= 1;
    if (fail(items)) throw new Error(`group ${items.join(',')} failed`);
    return items.map((n) => n * 10);
  };
  /** Lets every group started so far finish, then lets the promises settle. */
  const finish = async () => {
    while (pending.length) pending.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { run, groups, finish, mostRunning: () => mostRunning };
}

describe('groupCommit', () => {
  it('sends a request alone at once, and those arriving meanwhile together, in order, each getting its own outcome', async () => {
    const { run, groups, finish } = controlledRun();
    const send = groupCommit(run, { maxGroup: 32, concurrency: 1 });
    const first = send(1);
    const rest = [2, 3, 4].map((n) => send(n));
    expect(groups).toEqual([[1]]);
    await finish();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await finish();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('never carries more than maxGroup, nor runs more than `concurrency` groups at once', async () => {
    const { run, groups, finish, mostRunning } = controlledRun();
    const send = groupCommit(run, { maxGroup: 3, concurrency: 2 });
    const all = Array.from({ length: 10 }, (_, i) => send(i + 1));
    // The first two find a slot free; the rest wait for one.
    expect(groups).toEqual([[1], [2]]);
    for (let i = 0; i < 4; i += 1) await finish();
    expect(groups).toEqual([[1], [2], [3, 4, 5], [6, 7, 8], [9, 10]]);
    expect(mostRunning()).toBe(2);
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it('runs a failed group again one request at a time: only the request that fails alone is refused', async () => {
    const { run, groups, finish } = controlledRun((items) => items.includes(3));
    const send = groupCommit(run, { maxGroup: 32, concurrency: 1 });
    const first = send(1);
    const rest = [2, 3, 4].map((n) =>
      send(n).then(
        (v) => ({ v }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    for (let i = 0; i < 6; i += 1) await finish();
    expect(groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([{ v: 20 }, { error: 'group 3 failed' }, { v: 40 }]);
  });

  it('refuses a group that comes back with a different number of outcomes, as a failure', async () => {
    const send = groupCommit(async (items: number[]) => items.slice(1), { maxGroup: 32, concurrency: 1 });
    await expect(send(1)).rejects.toThrow('a group of 1 came back with 0 outcomes');
  });
});
