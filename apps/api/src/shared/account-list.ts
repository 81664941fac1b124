import { sql, type SqlQuery } from '../platform/db/sql';
import type { ListFilter } from './list-query';
import { exactUsername, userSearch } from './sql-list';

/*
 * What the admin account lists (Members, Users) share: the filters every
 * account has, the order (a whitelisted sort, the exact username match of a
 * search first, newest first by default), and the CSV read from the last row
 * (keyset on the time column and the id, the list's unique order) when it is
 * in time order without a search, otherwise by offset.
 */
/** The columns every account list sorts by, the same way (a username by its one key, text case-blind). */
export const ACCOUNT_SORTS = {
  username: 'u.username_key',
  fullName: 'lower(u.full_name)',
  email: 'lower(u.email)',
  status: 'u.status',
} as const;

export interface AccountList<F extends string> {
  /** The sort field of the time column (`joinedAt`); the default order is its newest first. */
  timeField: F;
  /** The time column and the id column, together the list's unique order (`m.joined_at`, `m.user_id`). */
  time: string;
  id: string;
}

/** Where the next batch of a CSV starts: after the row with this time (to the microsecond, as text) and id. */
export interface RowKey {
  time: string;
  id: number;
}

export interface AccountQuery {
  id?: number;
  search?: string;
  status?: 'active' | 'blocked';
  sort?: string;
}

export function accountList<F extends string>(list: AccountList<F>) {
  const newestFirst = `-${list.timeField}`;
  return {
    /**
     * A request of the list (`defineList`): the conditions every account list
     * has (one account, the search box, the status) and the list's own, its
     * order with the exact username match first, and the keyset of the CSV
     * (from the row's `key`) when in time order without a search (the exact
     * match first would break it).
     */
    filter<Row>(query: AccountQuery, own: Array<SqlQuery | undefined>, key: (row: Row) => RowKey): ListFilter<Row> {
      const sort = query.sort ?? newestFirst;
      const direction = sort === newestFirst ? sql`<` : sql`>`;
      const keyset = !query.search && (sort === newestFirst || sort === list.timeField);
      return {
        where: [
          query.id !== undefined ? sql`${sql.raw(list.id)} = ${query.id}` : undefined,
          userSearch(query.search),
          query.status ? sql`u.status = ${query.status}` : undefined,
          ...own,
        ],
        sort,
        first: exactUsername('u.username_key', query.search),
        after: keyset
          ? (row) => {
              const after = key(row);
              return sql`(${sql.raw(list.time)}, ${sql.raw(list.id)}) ${direction} (${after.time}::timestamptz, ${after.id}::bigint)`;
            }
          : undefined,
      };
    },
  };
}
