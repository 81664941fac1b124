/** A first-come, first-served lock for work that must not interleave. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** Calls of `run` not finished yet: the one running and those queued behind it (read by the metrics, metrics/collectors.ts). */
  private pending = 0;

  /** How many calls wait for the lock (the running one not counted). */
  get waiting(): number {
    return Math.max(0, this.pending - 1);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    this.pending += 1;
    await previous;
    try {
      return await work();
    } finally {
      this.pending -= 1;
      release();
    }
  }
}
