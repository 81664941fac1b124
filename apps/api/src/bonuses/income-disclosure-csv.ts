import type { IncomeDisclosure } from '@portal/contract';
import { csvStream, type CsvCell } from '../shared/csv';

/** The disclosure as a spreadsheet takes it: one figure a line (`figure`, `value`), amounts in USDT to the last decimal. */
export function incomeDisclosureCsv(disclosure: IncomeDisclosure) {
  const figures: Array<[string, CsvCell]> = [
    ['from', disclosure.from],
    ['to', disclosure.to],
    ['members', disclosure.members],
    ['members_with_income', disclosure.earners],
    ['members_who_earned_more_than_they_spent', disclosure.earnedMoreThanSpent],
    ['income_total', disclosure.income.total],
    ['income_mean', disclosure.income.mean],
    ['income_median', disclosure.income.median],
    ...disclosure.income.percentiles.map(({ percentile, income }): [string, CsvCell] => [
      `income_p${percentile}`,
      income,
    ]),
    ['spent_on_packages_total', disclosure.spent.total],
    ['spent_on_packages_mean', disclosure.spent.mean],
    ['typical_days_in_network', disclosure.typicalDaysInNetwork],
  ];
  async function* rows() {
    yield* figures;
  }
  return csvStream<[string, CsvCell]>(
    [
      { header: 'figure', value: ([figure]) => figure },
      { header: 'value', value: ([, value]) => value, raw: true },
    ],
    rows(),
  );
}

/** `income-disclosure-2026-01-01-to-2026-12-31.csv` */
export const incomeDisclosureFilename = (disclosure: IncomeDisclosure) =>
  `income-disclosure-${disclosure.from}-to-${disclosure.to}.csv`;
