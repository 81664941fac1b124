import type { PageQuery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql, type SqlQuery } from '../platform/db/sql';
import type { CsvColumn } from './csv';
import { csvFile, listPage, type ListAnswer, type ListPage } from './list-reply';
import { pageWindow } from './pagination';
import { orderBy, pageClause, where } from './sql-list';

/**
 * The one list pipeline (docs/decisions/0024-one-list-pipeline.md): a list says its query once —
 * what a row selects, what the count reads, the sorts it allows, how a row
 * becomes an item, its CSV columns — and gets from it the page (items and
 * total from the same conditions) and the whole filtered list as CSV, in
 * the page's order. A new list is its `defineList` and a filter function.
 */
export interface ListSource<Row, Item, Line = Item, Extra extends object = object> {
  /** `SELECT … FROM … JOIN …` of one row, without WHERE, ORDER BY or LIMIT. */
  select: SqlQuery;
  /** What the count reads: the tables the conditions name (`withdrawals w JOIN users u ON …`). */
  counted: SqlQuery;
  /** The sort fields the query schema allows, each to its column or columns (whitelisted; never input). */
  sorts: Record<string, string | readonly string[]>;
  /** A unique column: ties are ordered by it, so pages never overlap. */
  tieBreaker: string;
  /**
   * The tie-breaker's value in a row. When the list is sorted by that column
   * alone (its id order, the default of most lists), the CSV reads from the
   * last row instead of by offset.
   */
  keyOf?: (row: Row) => number | string;
  /** An item of the page from its row; or `toItems`, for a batch of rows, where an item needs more than its row. */
  toItem?: (row: Row) => Item;
  toItems?: (db: Sql, rows: Row[]) => Promise<Item[]>;
  /**
   * The export (`?format=csv`): the file's name (`withdrawals-2026-01-31.csv`)
   * and its columns, over the items, or over `line(row)` where the file has
   * columns the page does not show, or `lines(db, rows)` where a row is
   * several lines (an entry's postings); `batch` rows are read at a time.
   */
  csv?: {
    name: string;
    columns: CsvColumn<Line>[];
    line?: (row: Row) => Line;
    lines?: (db: Sql, rows: Row[]) => Promise<Line[]>;
    batch?: number;
  };
  /**
   * What a page tells of the whole filtered list, in place of the plain
   * count of `counted`: its total and figures beside it (the sum paid).
   */
  summary?: (db: Sql, filter: ListFilter<Row>) => Promise<{ total: number; extra: Extra }>;
}

/** One request of a list: its conditions (absent ones left out) and its order. */
export interface ListFilter<Row> {
  where: Array<SqlQuery | undefined | false>;
  /** `field` or `-field`, a key of the source's `sorts`. */
  sort: string;
  /** Rows where this holds come first (a search's exact username match). */
  first?: SqlQuery;
  /**
   * When the order is a unique key the query can continue from: the rows
   * after `row`. The CSV then reads by keyset (every batch costs what the
   * first does); without it, by offset.
   */
  after?: (row: Row) => SqlQuery;
}

export type PageWindow = { limit: number; offset: number };

export function defineList<Row extends object, Item, Line = Item, Extra extends object = object>(
  source: ListSource<Row, Item, Line, Extra>,
) {
  const toItems = source.toItems ?? (async (_db: Sql, rows: Row[]) => rows.map(source.toItem!));
  // Without `line` or `lines`, Line is Item (its default): a CSV line is the page's item.
  const csvLine = source.csv?.line;
  const toLines =
    source.csv?.lines ??
    (csvLine
      ? async (_db: Sql, rows: Row[]) => rows.map(csvLine)
      : (toItems as unknown as (db: Sql, rows: Row[]) => Promise<Line[]>));

  /** The rows after a row in the filter's order, when that order is a key the query can continue from. */
  function keyset(filter: ListFilter<Row>): ((row: Row) => SqlQuery) | undefined {
    if (filter.after) return filter.after;
    const descending = filter.sort.startsWith('-');
    const column = source.sorts[descending ? filter.sort.slice(1) : filter.sort];
    const keyOf = source.keyOf;
    if (!keyOf || filter.first || column !== source.tieBreaker) return undefined;
    return (row) => sql`${sql.raw(source.tieBreaker)} ${sql.raw(descending ? '<' : '>')} ${keyOf(row)}`;
  }

  async function rows(db: Sql, filter: ListFilter<Row>, window: PageWindow, after?: Row): Promise<Row[]> {
    const beyond = after && keyset(filter)?.(after);
    const { rows } = await db.query<Row>(
      sql`${source.select} ${where(...filter.where, beyond)}
        ${orderBy(filter.sort, source.sorts, source.tieBreaker, filter.first)} ${pageClause(window)}`,
    );
    return rows;
  }

  async function summary(db: Sql, filter: ListFilter<Row>): Promise<{ total: number; extra?: Extra }> {
    if (source.summary) return source.summary(db, filter);
    const { rows } = await db.query<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM ${source.counted} ${where(...filter.where)}`,
    );
    return { total: rows[0]!.total };
  }

  const items = async (db: Sql, filter: ListFilter<Row>, window: PageWindow): Promise<Item[]> =>
    toItems(db, await rows(db, filter, window));

  /** One page: its items and the total of the filtered list, read side by side. */
  async function page(db: Sql, filter: ListFilter<Row>, query: PageQuery): Promise<ListPage<Item, Extra>> {
    const [{ total, extra }, found] = await Promise.all([summary(db, filter), items(db, filter, pageWindow(query))]);
    return listPage(found, total, query, extra);
  }

  /**
   * The whole filtered list in the page's order, as the CSV's lines, read
   * `size` rows at a time: from the last row read where the order is a key
   * (every batch costs what the first does), otherwise by offset.
   */
  async function* every(db: Sql, filter: ListFilter<Row>, size = source.csv?.batch ?? 1000): AsyncGenerator<Line> {
    const byKey = keyset(filter) !== undefined;
    let last: Row | undefined;
    for (let offset = 0; ; offset += size) {
      const batch = await rows(db, filter, { limit: size, offset: byKey ? 0 : offset }, last);
      yield* await toLines(db, batch);
      if (batch.length < size) return;
      last = batch[batch.length - 1];
    }
  }

  /** What a list endpoint answers: the page, or with `format=csv` the whole filtered list as a file. */
  async function answer(
    db: Sql,
    filter: ListFilter<Row>,
    query: PageQuery & { format?: 'json' | 'csv' },
    now: Date,
  ): Promise<ListAnswer<Item, Extra>> {
    if (query.format === 'csv' && source.csv)
      return csvFile(source.csv.name, now, source.csv.columns, every(db, filter));
    return page(db, filter, query);
  }

  return { rows, items, page, every, answer };
}
