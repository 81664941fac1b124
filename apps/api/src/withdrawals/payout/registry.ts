import type { AppContext } from '../../context';

/** The running payout job of a portal (main.ts starts it), so an approval can start a pass at once. */
const jobs = new WeakMap<AppContext, { kick(): void }>();

export function registerPayoutJob(ctx: AppContext, job: { kick(): void }): void {
  jobs.set(ctx, job);
}

export function kickPayouts(ctx: AppContext): void {
  jobs.get(ctx)?.kick();
}
