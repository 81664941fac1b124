import type { PublishedIncomeDisclosure } from '@portal/contract';
import type { AppContext } from '../context';
import { part } from '../per-process';
import { readSettings } from '../settings/in-force';
import { unprocessable } from '../shared/errors';
import { sql } from '../platform/db/sql';
import { readIncomeDisclosure } from './read-income-disclosure';

/** How long a year's published figures are kept before they are worked out again. */
const KEEP_MS = 10 * 60_000;

/** Each year's figures as last worked out (or being worked out) in this process. */
const PUBLISHED = part<Map<number, { at: number; figures: Promise<PublishedIncomeDisclosure> }>>(
  'the published income disclosures',
);

/**
 * `/api/income-disclosure`: a calendar year's income disclosure for anyone, without signing in, when the operator
 * publishes it (the `incomeDisclosurePublic` setting; docs/plan.md, "The income disclosure"). The current year
 * counts to today. The statement reads every member (about 5 s at a million), so the figures are worked out once
 * per year every 10 minutes in a process, however many people ask at once, and say when they were.
 */
export async function readPublishedIncomeDisclosure(ctx: AppContext, year: number): Promise<PublishedIncomeDisclosure> {
  if (!(await readSettings(ctx.db)).incomeDisclosurePublic) return { published: false };
  const now = ctx.now();
  const thisYear = now.getUTCFullYear();
  // The years the portal has been open, and no others: each year asked for is a statement over every member.
  const { rows } = await ctx.db.query<{ first: Date }>(sql`SELECT created_at AS first FROM users ORDER BY id LIMIT 1`);
  const firstYear = rows[0] ? new Date(rows[0].first).getUTCFullYear() : thisYear;
  if (year < firstYear || year > thisYear)
    throw unprocessable(
      'INCOME_DISCLOSURE_YEAR_OUT_OF_RANGE',
      firstYear === thisYear
        ? `This portal opened in ${thisYear}: its income disclosure covers ${thisYear}.`
        : `This portal's income disclosure covers the years ${firstYear} to ${thisYear}.`,
      'year',
    );
  const kept = ctx.perProcess.of(PUBLISHED, () => new Map());
  const last = kept.get(year);
  if (last && now.getTime() - last.at < KEEP_MS) return last.figures;
  const to = year === thisYear ? now.toISOString().slice(0, 10) : `${year}-12-31`;
  const figures = readIncomeDisclosure(ctx.db, { from: `${year}-01-01`, to, format: 'json' }, now).then(
    (disclosure) => ({ ...disclosure, published: true as const, year, asOf: now.toISOString() }),
  );
  kept.set(year, { at: now.getTime(), figures });
  // A failed read is not kept: the next request tries again.
  figures.catch(() => kept.get(year)?.figures === figures && kept.delete(year));
  return figures;
}
