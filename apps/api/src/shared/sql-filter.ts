import { usernameKey } from '@portal/contract';

/**
 * Builds the WHERE clause of a filtered list with numbered parameters, so a
 * filter is either fully parameterised or absent — never pasted into SQL.
 */
export class SqlFilter {
  readonly params: unknown[] = [];
  private readonly clauses: string[] = [];

  /** Registers a value and returns its placeholder (`$3`). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Adds a condition (built with `param` for every value in it). */
  where(condition: string): this {
    this.clauses.push(condition);
    return this;
  }

  get sql(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}

/** The first instant of a `YYYY-MM-DD` day in UTC. */
export const startOfDay = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** The first instant after a `YYYY-MM-DD` day in UTC (for inclusive `to` filters). */
export const endOfDay = (day: string): Date => new Date(startOfDay(day).getTime() + 86_400_000);

/** `created_at` between two optional days, both inclusive. */
export function whereDays(filter: SqlFilter, column: string, from?: string, to?: string): void {
  if (from) filter.where(`${column} >= ${filter.param(startOfDay(from))}`);
  if (to) filter.where(`${column} < ${filter.param(endOfDay(to))}`);
}

/** An ILIKE pattern matching `text` anywhere, with its wildcards taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `ORDER BY` for a whitelisted `sort` (`field` or `-field`) with a unique
 * tie-breaker in the same direction, so pages never overlap. `first`, a
 * boolean expression, puts the rows where it holds before all others
 * (the exact username match of a search, issue 15 point 2).
 */
export function orderBy<F extends string>(sort: string, columns: Record<F, string>, tieBreaker: string, first?: string): string {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as F;
  const column = columns[field];
  if (!column) throw new Error(`sort field not whitelisted: ${field}`);
  const direction = descending ? 'DESC' : 'ASC';
  return `ORDER BY ${first ? `(${first}) DESC, ` : ''}${column} ${direction}, ${tieBreaker} ${direction}`;
}

/**
 * A search box's exact-username condition, compared by `username_key` (the
 * one normalisation of usernames, so "ALICE" finds alice), for `orderBy`'s
 * `first`; undefined without a search.
 */
export function exactUsername(filter: SqlFilter, keyColumn: string, search: string | undefined): string | undefined {
  return search ? `${keyColumn} = ${filter.param(usernameKey(search))}` : undefined;
}

/** `LIMIT … OFFSET …` of a page window, parameterised. */
export const pageClause = (filter: SqlFilter, window: { limit: number; offset: number }): string =>
  `LIMIT ${filter.param(window.limit)} OFFSET ${filter.param(window.offset)}`;
