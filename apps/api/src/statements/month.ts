import { notFound, unprocessable } from '../shared/errors';

/** A statement's month as instants: from its first UTC midnight (inclusive) to the next month's (exclusive). */
export interface StatementPeriod {
  /** `2026-10` */
  month: string;
  from: Date;
  to: Date;
}

/** `2026-10` → 1 Oct 2026 00:00 UTC up to 1 Nov 2026 00:00 UTC (the contract's schema checked the form). */
export function periodOf(month: string): StatementPeriod {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    month,
    from: new Date(Date.UTC(year, monthNumber - 1, 1)),
    to: new Date(Date.UTC(year, monthNumber, 1)),
  };
}

/** The UTC month holding `at`: `2026-10`. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * The period of a month a member may have a statement for: one that has
 * begun (the current month is a statement so far) and does not end before
 * the member joined, since there is nothing of theirs to state before that.
 */
export function statementPeriod(month: string, now: Date, joinedAt: Date): StatementPeriod {
  const current = monthOf(now);
  if (month > current)
    throw unprocessable('STATEMENT_MONTH_IN_FUTURE', `${month} has not begun yet; the latest statement is ${current}.`);
  const joined = monthOf(joinedAt);
  if (month < joined)
    throw notFound('STATEMENT_BEFORE_JOINING', `There is no statement for ${month}: the member joined in ${joined}.`);
  return periodOf(month);
}
