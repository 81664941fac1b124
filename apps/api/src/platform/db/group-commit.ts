/**
 * Group commit for a hot money path (ADR 0025): requests that arrive while
 * earlier ones are in the database wait, then go together in one statement
 * and one commit. A request that finds a free slot goes at once, alone, so a
 * quiet portal adds no wait; under load each group takes everything waiting
 * (up to `maxGroup`). The statement holds every row the group needs from its
 * start, so a hot row (one receiver everyone pays, an upline several buyers
 * share) changes hands once per group instead of once per request, and one
 * flush of the WAL commits them all.
 *
 * A group that fails as a whole (a deadlock with something outside the
 * groups, a lost connection) is run again one request at a time, so one
 * request's fault reaches only its own caller. Refusals are not failures:
 * `run` returns one outcome per request, in order, and each caller reads its
 * own.
 */
export interface GroupCommitOptions {
  /** The most requests one statement carries. */
  maxGroup: number;
  /** Groups in the database at once (each holds one pooled connection). */
  concurrency: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

export function groupCommit<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: GroupCommitOptions,
): (item: I) => Promise<O> {
  const waiting: Array<Waiting<I, O>> = [];
  let running = 0;

  async function runGroup(group: Array<Waiting<I, O>>): Promise<void> {
    try {
      const outcomes = await run(group.map((w) => w.item));
      if (outcomes.length !== group.length)
        throw new Error(`a group of ${group.length} came back with ${outcomes.length} outcomes`);
      group.forEach((w, i) => w.resolve(outcomes[i]!));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      // Nothing of the group was committed: each request alone, so the fault stays with its own.
      for (const w of group) {
        try {
          const [outcome] = await run([w.item]);
          w.resolve(outcome!);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }

  function pump(): void {
    while (running < options.concurrency && waiting.length > 0) {
      const group = waiting.splice(0, options.maxGroup);
      running += 1;
      void runGroup(group).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
}
