const DAY_MS = 86_400_000;

/** The UTC day holding `at`, from its midnight to the next: the day of the withdrawal policy's daily caps. */
export function utcDayOf(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return { start, end: new Date(start.getTime() + DAY_MS) };
}
