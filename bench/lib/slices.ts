/**
 * A portal measured as its books grow: wrk in consecutive slices of the
 * same script, each slice's rate kept, so the first and the last (or the
 * rate at each 100,000th transfer) can be read side by side. No ANALYZE of
 * the bench's own: the portal keeps its tables itself (apps/api/src/platform/db/upkeep.ts),
 * or does not, which is what this measures.
 */
import { runWrk } from './wrk';
import type { ServerProcess } from './server';

export interface Slice {
  /** Transfers (201s) in the slice, and all of them before it included. */
  ok: number;
  total: number;
  seconds: number;
  rate: number;
  p99: number;
  /** Answers other than 201, and requests that got none in wrk's 2 s (socket errors: timeouts, mostly). */
  other: number;
  socketErrors: number;
  /** The first answer other than 201 (status and the start of its body), to tell a refusal from a failure. */
  first: string;
  /**
   * CPU of the API process and the database's backends per transfer, in ms: the figure a busy machine
   * moves least (docs/performance.md), so a slice dearer than the first shows here even when the rate
   * moves with the load.
   */
  cpuMs: number;
}

/**
 * Runs `script(tag)` in slices of `sliceSeconds` until `slices` slices ran,
 * `stopAt` answers were counted, or `maxSeconds` passed; `onSlice` hears each.
 */
export async function runSlices(
  server: ServerProcess,
  script: (tag: string) => string,
  dir: string,
  urlPath: string,
  options: { sliceSeconds: number; slices?: number; stopAt?: number; maxSeconds?: number },
  onSlice: (slice: Slice, index: number) => void,
): Promise<Slice[]> {
  const done: Slice[] = [];
  const started = Date.now();
  let total = 0;
  for (let i = 0; ; i += 1) {
    if (options.slices !== undefined && i >= options.slices) break;
    if (options.stopAt !== undefined && total >= options.stopAt) break;
    if (options.maxSeconds !== undefined && (Date.now() - started) / 1000 >= options.maxSeconds) break;
    const run = await runWrk(server, script(`s${i}`), options.sliceSeconds, dir, urlPath);
    total += run.ok;
    const slice = {
      ok: run.ok,
      total,
      seconds: run.seconds,
      rate: run.ok / run.seconds,
      p99: run.p99,
      other: run.other,
      socketErrors: run.socketErrors,
      first: run.first,
      cpuMs: run.ok > 0 ? ((run.apiCpu + run.dbCpu) * 1000) / run.ok : 0,
    };
    done.push(slice);
    onSlice(slice, i);
  }
  return done;
}

/** What a slice got besides 201s, in words for a log line (empty when nothing). */
export const sliceTrouble = (slice: Slice): string =>
  [
    slice.other ? `${slice.other} not 201 (first: ${slice.first})` : '',
    slice.socketErrors ? `${slice.socketErrors} without an answer in 2 s` : '',
  ]
    .filter(Boolean)
    .map((part) => `; ${part}`)
    .join('');

/** The slice in which the `n`th answer fell (the last one if never reached). */
export const sliceAt = (slices: Slice[], n: number): Slice | undefined =>
  slices.find((s) => s.total >= n) ?? slices[slices.length - 1];
