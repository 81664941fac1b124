import { useListParams } from './list-params';

/** What a report says in place of its figures when its period ends before it starts. */
export const REVERSED_PERIOD = 'Choose a From day on or before the To day.';

/**
 * A report's period of UTC days, kept in the URL as a list's `from` and `to`
 * (`useListParams`): the first day `defaultFrom(today)` and the last today
 * unless chosen; `reversed` when it ends before it starts (nothing is asked then).
 */
export function usePeriod(defaultFrom: (today: string) => string) {
  const list = useListParams({ filters: ['from', 'to'] as const, defaultSort: '' });
  const today = new Date().toISOString().slice(0, 10);
  const period = { from: list.filters.from || defaultFrom(today), to: list.filters.to || today };
  return { list, period, reversed: period.from > period.to };
}
