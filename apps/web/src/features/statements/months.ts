/** The UTC month of an instant: `2026-10`, as the statement's path takes it (packages/contract/src/statements.ts). */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The month before `month`: `2026-01` → `2025-12`. */
function previous(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, number - 2, 1)));
}

/**
 * The months a member has a statement for, newest first: from the month in
 * progress back to the month they joined (the API refuses later and earlier
 * ones, apps/api/src/statements/month.ts).
 */
export function statementMonths(joinedAt: string, now: Date): string[] {
  const first = monthOf(new Date(joinedAt));
  const months: string[] = [];
  for (let month = monthOf(now); month >= first; month = previous(month)) months.push(month);
  return months;
}

/** Last month, the last whole one, when the member has it; otherwise the month in progress. */
export const defaultMonth = (months: string[]): string => months[1] ?? months[0]!;
