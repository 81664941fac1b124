import type { AppContext } from '../context';
import { part } from '../per-process';

/**
 * How long this process's last daily close took. The close's own row
 * (`matching_closes.closed_at`) says when a close ran, in any process; its
 * duration is measured where it runs and kept in the portal's `perProcess`
 * for the metrics (platform/metrics/collectors.ts), so a process that has not run a
 * close reports none.
 */
export interface CloseRun {
  date: string;
  finishedAt: Date;
  seconds: number;
}

const LAST_CLOSE = part<{ run?: CloseRun }>('the last daily close run here');

const lastOf = (ctx: AppContext) => ctx.perProcess.of(LAST_CLOSE, () => ({}));

export const noteCloseRun = (ctx: AppContext, run: CloseRun): void => {
  lastOf(ctx).run = run;
};

export const lastCloseRun = (ctx: AppContext): CloseRun | undefined => lastOf(ctx).run;
