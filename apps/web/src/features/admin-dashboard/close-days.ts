/**
 * Which UTC days the daily close may still take. A
 * close covers its own day and the unclosed days before it (`days`); no day
 * on or before the last close can be closed any more, and no day after
 * today (UTC) has begun.
 */
export interface CloseSpan {
  date: string;
  days: number;
}

const DAY_MS = 86_400_000;
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const utcToday = (now = new Date()): string => now.toISOString().slice(0, 10);

/** The first day that can be closed, or null when every day up to today is closed. */
export function firstOpenDay(closes: CloseSpan[], today: string): string | null {
  const last = closes.reduce<string | null>((max, c) => (max === null || c.date > max ? c.date : max), null);
  // Before any close, the day the scheduler would close next: yesterday.
  const first = last === null ? addDays(today, -1) : addDays(last, 1);
  return first <= today ? first : null;
}

/** Every closed day, each with the close that took it (a close covering unclosed days takes them all). */
export function closedDays(closes: CloseSpan[]): Map<string, string> {
  const days = new Map<string, string>();
  for (const close of closes)
    for (let i = 0; i < Math.max(1, close.days); i += 1) days.set(addDays(close.date, -i), close.date);
  return days;
}
