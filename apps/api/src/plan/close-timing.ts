/**
 * How long this process's last daily close took. The close's own row
 * (`matching_closes.closed_at`) says when a close ran, in any process; its
 * duration is measured where it runs and kept here for the metrics
 * (metrics/collectors.ts), so a process that has not run a close reports none.
 */
export interface CloseRun {
  date: string;
  finishedAt: Date;
  seconds: number;
}

let last: CloseRun | undefined;

export const noteCloseRun = (run: CloseRun): void => {
  last = run;
};

export const lastCloseRun = (): CloseRun | undefined => last;
