import { usernameKey } from '@portal/contract';
import { sql, type SqlQuery } from '../platform/db/sql';

/**
 * The clauses of a filtered, sorted, paged list, as `sql` fragments
 * (decision 0022). A filter is a value bound as a parameter or absent, never
 * pasted; a sort is a whitelisted column.
 */

/** `WHERE a AND b …` of the conditions that are set; nothing when none is. */
export function where(...conditions: Array<SqlQuery | undefined | false>): SqlQuery {
  const set = conditions.filter((c): c is SqlQuery => c instanceof Object && !c.isEmpty);
  return set.length ? sql`WHERE ${sql.join(set, sql.raw(' AND '))}` : sql.empty;
}

/** The first instant of a `YYYY-MM-DD` day in UTC. */
export const startOfDay = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** The first instant after a `YYYY-MM-DD` day in UTC (for inclusive `to` filters). */
export const endOfDay = (day: string): Date => new Date(startOfDay(day).getTime() + 86_400_000);

/** `column` between two optional days, both inclusive: the conditions to pass to `where`. */
export function betweenDays(column: SqlQuery, from?: string, to?: string): Array<SqlQuery | undefined> {
  return [from ? sql`${column} >= ${startOfDay(from)}` : undefined, to ? sql`${column} < ${endOfDay(to)}` : undefined];
}

/** An ILIKE pattern matching `text` anywhere, with its wildcards taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search box over a user's username, full name and email (table alias `u`), for `where`; undefined without a search. */
export function userSearch(search: string | undefined): SqlQuery | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return sql`(u.username ILIKE ${pattern} OR u.full_name ILIKE ${pattern} OR u.email ILIKE ${pattern})`;
}

/**
 * `ORDER BY` for a whitelisted `sort` (`field` or `-field`) with a unique
 * tie-breaker in the same direction, so pages never overlap. A field may
 * stand for several columns (an amount, then the day), each in that
 * direction. `first`, a boolean expression, puts the rows where it holds
 * before all others (the exact username match of a search).
 */
export function orderBy<F extends string>(
  sort: string,
  columns: Record<F, string | readonly string[]>,
  tieBreaker: string,
  first?: SqlQuery,
): SqlQuery {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as F;
  const column = columns[field];
  if (!column) throw new Error(`sort field not whitelisted: ${field}`);
  const direction = descending ? 'DESC' : 'ASC';
  const lead = first ? sql`(${first}) DESC, ` : sql.empty;
  const order = [column, tieBreaker].flat().map((c) => `${c} ${direction}`);
  return sql`ORDER BY ${lead}${sql.raw(order.join(', '))}`;
}

/**
 * A search box's exact-username condition, compared by `username_key` (the
 * one normalisation of usernames, so "ALICE" finds alice), for `orderBy`'s
 * `first`; undefined without a search.
 */
export function exactUsername(keyColumn: string, search: string | undefined): SqlQuery | undefined {
  return search ? sql`${sql.raw(keyColumn)} = ${usernameKey(search)}` : undefined;
}

/** `LIMIT … OFFSET …` of a page window, parameterised. */
export const pageClause = (window: { limit: number; offset: number }): SqlQuery =>
  sql`LIMIT ${window.limit} OFFSET ${window.offset}`;
