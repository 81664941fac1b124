/**
 * When a failed delivery is tried again: 30 s after the first attempt, four
 * times longer after each next one, at most 12 hours apart, until its
 * `give_up_at` (three days after the event): about a dozen attempts.
 */
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_WAIT_MS = 12 * 3600_000;
/** Retried this long, and an endpoint failing this long is disabled. */
export const RETRY_FOR_MS = 3 * 86_400_000;

/** The wait after the `attempts`-th failed attempt (1 for the first). */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}
