/**
 * The clock the demo's history runs on (docs/decisions/0016-living-demo-data.md).
 *
 * Every service stamps its rows with the database's `now()`. PGlite runs in
 * this process and reads its time from `Date.now()`, so a simulated clock
 * that shifts `Date.now()` is the one clock the services, the ledger and the
 * database all agree on: rows are written by the real code, at the time the
 * simulation has reached, as if the portal had run through those days.
 *
 * It only ever moves forward, and never past the real time: PostgreSQL's
 * timers inside PGlite are set against this clock, and a clock that went
 * back would make them wait for weeks. Install it before the database is
 * opened; `release()` puts the real clock back.
 *
 * A PostgreSQL server keeps its own clock, which no client can move: there
 * `realClock()` is used and the history happens at the time of seeding.
 */
export interface DemoClock {
  /** True when the clock can be set to past times (PGlite); false on a server's clock. */
  readonly simulated: boolean;
  now(): Date;
  /** The real time, which the clock never passes: where the history ends. */
  realNow(): Date;
  /** Moves to `at` if it is later than now and not in the real future; otherwise stays. */
  moveTo(at: Date): void;
  release(): void;
}

export function realClock(): DemoClock {
  return { simulated: false, now: () => new Date(), realNow: () => new Date(), moveTo() {}, release() {} };
}

let installed = false;

export function simulatedClock(start: Date): DemoClock {
  if (installed) throw new Error('A simulated clock is already installed.');
  installed = true;
  const realNow = Date.now;
  let offset = Math.min(0, start.getTime() - realNow());
  Date.now = () => realNow() + offset;
  return {
    simulated: true,
    now: () => new Date(Date.now()),
    realNow: () => new Date(realNow()),
    moveTo(at) {
      const wanted = Math.min(0, at.getTime() - realNow());
      if (wanted > offset) offset = wanted;
    },
    release() {
      Date.now = realNow;
      installed = false;
    },
  };
}
