import type { FastifyBaseLogger } from 'fastify';

/** Back-off never waits longer than this between failed passes. */
const MAX_BACKOFF_MS = 60_000;

/**
 * A background job: one pass of its work, run every `everyMs` by `runJob`.
 * The pass takes the job's cross-process lock itself, in the form its work
 * needs (jobs.ts lists which), so any number of processes may run
 * the job (docs/decisions/0030-several-processes.md).
 */
export interface Job {
  /** Names the job in the log. */
  name: string;
  everyMs: number;
  /** Waited before the first pass (default: none). */
  firstAfterMs?: number;
  /** One pass; `true` when work is left over: the next pass runs at once. */
  pass(): Promise<boolean>;
  /** The error as the log may show it (e.g. without a secret in a URL); the error itself by default. */
  describeError?(error: unknown): unknown;
  /** After a failed pass, once it is logged: records the failure where /api/health reads it. */
  failed?(error: unknown, failures: number): Promise<void>;
  /** After the last pass, when the job stops: lets its lease go. */
  release?(): Promise<void>;
}

/** How a job has been doing in this process, for /api/health (health/checks.ts). */
export interface JobStatus {
  name: string;
  /** Failed passes in a row; 0 once a pass succeeds. */
  failures: number;
  /** When the last pass ended well; null before the first. */
  lastPassAt: Date | null;
}

export interface RunningJob {
  /** Runs a pass now (or right after the one running): new work is waiting. */
  kick(): void;
  status(): JobStatus;
  /** Stops the job: no pass after the running one, which is awaited, then `release`. */
  stop(): Promise<void>;
}

/**
 * The one loop every background job runs in: passes never overlap in a
 * process, a failed pass is logged and the next waits twice as long each
 * time in a row (up to a minute), a pass that leaves work runs the next at
 * once.
 */
export function runJob(log: FastifyBaseLogger, job: Job): RunningJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;
  let failures = 0;
  let lastPassAt: Date | null = null;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };

  async function once(): Promise<void> {
    let more = false;
    try {
      more = await job.pass();
      failures = 0;
      lastPassAt = new Date();
    } catch (error) {
      failures += 1;
      if (stopped) return;
      log.error(
        { err: job.describeError ? job.describeError(error) : error, job: job.name, failures },
        `${job.name} failed; retrying with back-off`,
      );
      await job
        .failed?.(error, failures)
        .catch((reportError: unknown) =>
          log.warn({ err: reportError, job: job.name }, `${job.name}: its failure was not recorded`),
        );
    }
    if (more || again) {
      again = false;
      schedule(0);
    } else {
      schedule(failures ? Math.min(job.everyMs * 2 ** failures, MAX_BACKOFF_MS) : job.everyMs);
    }
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = once().finally(() => {
      running = undefined;
    });
  }

  schedule(job.firstAfterMs ?? 0);
  return {
    kick: run,
    status: () => ({ name: job.name, failures, lastPassAt }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await job
        .release?.()
        .catch((error: unknown) =>
          log.warn({ err: error, job: job.name }, `${job.name}: its lease was not released; it runs out by itself`),
        );
    },
  };
}
