import {
  fromBaseUnits,
  payoutRatio,
  type PageQuery,
  type SimulationPage,
  type SimulatedBonusKind,
  type SimulationResult,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { notFound } from '../shared/errors';
import { defineList } from '../shared/list-query';
import { SIMULATION_SELECT, toSimulation, type SimulationRow } from './rows';
import type { SimulationSummary } from './summary';

/** The runs, newest first (the admin page's list of past runs). */
const simulationList = defineList({
  select: SIMULATION_SELECT,
  counted: sql`plan_simulations s`,
  sorts: { startedAt: 's.id' },
  tieBreaker: 's.id',
  toItem: toSimulation,
});

export async function listSimulations(ctx: AppContext, query: PageQuery): Promise<SimulationPage> {
  return (await simulationList.page(ctx.db, { where: [], sort: '-startedAt' }, query)).page;
}

interface DayRow {
  day: string;
  kind: 'sales' | SimulatedBonusKind;
  actual: string;
  simulated: string;
  actual_flushed: string;
  simulated_flushed: string;
}

const sideBySide = (actual: bigint, simulated: bigint) => ({
  actual: fromBaseUnits(actual),
  simulated: fromBaseUnits(simulated),
  change: fromBaseUnits(simulated - actual),
});

/**
 * One run with its result so far (the days replayed): totals by kind, the
 * payout ratio both ways, flushed, each day; members paid and the largest
 * changes once it is done (summary.ts). 404 SIMULATION_NOT_FOUND.
 */
export async function readSimulation(db: Sql, id: number): Promise<SimulationResult> {
  const { rows } = await db.query<SimulationRow>(sql`${SIMULATION_SELECT} WHERE s.id = ${id}`);
  if (!rows[0]) throw notFound('SIMULATION_NOT_FOUND', `There is no plan simulation #${id}.`);
  const run = toSimulation(rows[0]);
  const days = (
    await db.query<DayRow>(
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, kind, actual::text, simulated::text, actual_flushed::text, simulated_flushed::text
            FROM plan_simulation_days WHERE simulation_id = ${id} ORDER BY day, kind`,
    )
  ).rows;
  const byDay = new Map<string, Record<DayRow['kind'], { actual: bigint; simulated: bigint }>>();
  const totals = {
    sales: 0n,
    referral: [0n, 0n] as [bigint, bigint],
    matching: [0n, 0n] as [bigint, bigint],
    rank_bonus: [0n, 0n] as [bigint, bigint],
    flushed: [0n, 0n] as [bigint, bigint],
  };
  for (const row of days) {
    const kinds = byDay.get(row.day) ?? {
      sales: { actual: 0n, simulated: 0n },
      referral: { actual: 0n, simulated: 0n },
      matching: { actual: 0n, simulated: 0n },
      rank_bonus: { actual: 0n, simulated: 0n },
    };
    const actual = BigInt(row.actual);
    const simulated = BigInt(row.simulated);
    kinds[row.kind] = { actual, simulated };
    byDay.set(row.day, kinds);
    if (row.kind === 'sales') totals.sales += actual;
    else {
      totals[row.kind][0] += actual;
      totals[row.kind][1] += simulated;
      totals.flushed[0] += BigInt(row.actual_flushed);
      totals.flushed[1] += BigInt(row.simulated_flushed);
    }
  }
  const actualTotal = totals.referral[0] + totals.matching[0] + totals.rank_bonus[0];
  const simulatedTotal = totals.referral[1] + totals.matching[1] + totals.rank_bonus[1];
  const summary = rows[0].summary as SimulationSummary | null;
  return {
    ...run,
    sales: fromBaseUnits(totals.sales),
    referral: sideBySide(...totals.referral),
    matching: sideBySide(...totals.matching),
    rankBonus: sideBySide(...totals.rank_bonus),
    total: sideBySide(actualTotal, simulatedTotal),
    payoutRatio: {
      actual: payoutRatio(actualTotal, totals.sales),
      simulated: payoutRatio(simulatedTotal, totals.sales),
    },
    flushed: sideBySide(...totals.flushed),
    membersPaid: summary ? summary.membersPaid : null,
    largestChanges: summary
      ? summary.largestChanges.map((m) => ({ ...m, ...sideBySide(BigInt(m.actual), BigInt(m.simulated)) }))
      : null,
    byDay: [...byDay].map(([day, k]) => ({
      day,
      sales: fromBaseUnits(k.sales.actual),
      referral: sideBySide(k.referral.actual, k.referral.simulated),
      matching: sideBySide(k.matching.actual, k.matching.simulated),
      rankBonus: sideBySide(k.rank_bonus.actual, k.rank_bonus.simulated),
    })),
  };
}
