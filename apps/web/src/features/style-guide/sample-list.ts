/**
 * The style guide's table (`TablesPage.tsx`) runs the real `DataTable`,
 * `ListFilters` and URL state (`shared/list-params.ts`) on rows held in
 * memory: this does what the API's `defineList` does for a real list
 * (filter, sort with a tie-breaker, one page and the total), so the sample
 * data never touches the API.
 */

export interface SampleTransfer {
  id: number;
  member: string;
  status: 'pending' | 'approved' | 'rejected' | 'paid';
  /** A decimal string, as the API answers: never a JS number. */
  amount: string;
  /** ISO date-time. */
  createdAt: string;
}

const MEMBERS = ['sample-alice', 'sample-bob', 'sample-carol', 'sample-dave', 'sample-erin', 'sample-frank'];
const STATUSES: SampleTransfer['status'][] = ['pending', 'approved', 'paid', 'rejected'];

/** 42 clearly fake rows ("sample-…"), the same on every visit. */
export const SAMPLE_TRANSFERS: readonly SampleTransfer[] = Array.from({ length: 42 }, (_, i) => {
  const cents = ((i * 7919) % 250_000) + 1_000;
  return {
    id: i + 1,
    member: MEMBERS[i % MEMBERS.length]!,
    status: STATUSES[(i * 5) % STATUSES.length]!,
    amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1 + i, 9 + (i % 8), (i * 13) % 60)).toISOString(),
  };
});

/** Orders two decimal strings exactly (no float): "10.5" > "9.99". */
export function compareDecimal(a: string, b: string): number {
  const split = (value: string) => {
    const negative = value.startsWith('-');
    const [whole = '0', fraction = ''] = value.replace(/^[+-]/, '').split('.');
    return { negative, whole, fraction };
  };
  const x = split(a);
  const y = split(b);
  const scale = Math.max(x.fraction.length, y.fraction.length);
  const units = (v: ReturnType<typeof split>) =>
    BigInt(`${v.whole || '0'}${v.fraction.padEnd(scale, '0')}`) * (v.negative ? -1n : 1n);
  const difference = units(x) - units(y);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

export interface SampleQuery {
  search: string;
  status: string;
  /** `field` or `-field`, field one of id, member, amount, createdAt; anything else sorts by id. */
  sort: string;
  page: number;
  pageSize: number;
}

/** One page of the rows that match, in order, and how many match. */
export function sampleList(rows: readonly SampleTransfer[], query: SampleQuery) {
  const search = query.search.trim().toLowerCase();
  const matching = rows.filter(
    (row) => (!search || row.member.includes(search)) && (!query.status || row.status === query.status),
  );
  const descending = query.sort.startsWith('-');
  const field = query.sort.replace(/^-/, '');
  const compare = (a: SampleTransfer, b: SampleTransfer): number => {
    switch (field) {
      case 'member':
        return a.member.localeCompare(b.member);
      case 'amount':
        return compareDecimal(a.amount, b.amount);
      case 'createdAt':
        return a.createdAt.localeCompare(b.createdAt);
      default:
        return a.id - b.id;
    }
  };
  // The id breaks ties, in the sort's direction, as the API's lists do.
  const sorted = [...matching].sort((a, b) => (descending ? -1 : 1) * (compare(a, b) || a.id - b.id));
  const start = (query.page - 1) * query.pageSize;
  return { items: sorted.slice(start, start + query.pageSize), total: matching.length };
}
