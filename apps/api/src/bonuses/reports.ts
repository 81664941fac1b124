import { fromBaseUnits, type IncomeSummaryQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { incomeByPeriod } from './service';

/** The income summary behind the Total Income page; the bonus lists are in `service.ts`. */

/** A member's bonus income by type, per day or month, as decimal strings. */
export async function incomeSummary(db: Sql, query: IncomeSummaryQuery, memberId: number) {
  const { series, totals } = await incomeByPeriod(db, query.period, query.from, query.to, memberId);
  return {
    totals: { referral: fromBaseUnits(totals.referral), matching: fromBaseUnits(totals.matching), total: fromBaseUnits(totals.total) },
    series: series.map((s) => ({ period: s.period, referral: fromBaseUnits(s.referral), matching: fromBaseUnits(s.matching), total: fromBaseUnits(s.total) })),
  };
}
