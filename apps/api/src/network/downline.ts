import { DOWNLINE_MAX_OFFSET, type Downline, type DownlineQuery, type DownlineRow } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { badRequest } from '../shared/errors';
import { pageResult, pageWindow } from '../shared/pagination';
import { where } from '../shared/sql-list';
import { COUNT_LIMIT, SEARCH_CANDIDATES, SEARCH_SCAN_LIMIT } from './limits';
import { legRange, subtreeRange, type KeyRange } from './paths';
import { findNodeWithin, likePrefix, PENDING_LEGS, type NodeRow } from './queries';
import {
  iso,
  MEMBER_DETAILS,
  notInNetwork,
  placementBase,
  placementRoot,
  rankBadgeOf,
  type RankColumns,
} from './viewpoint';
import type { Viewer } from './viewer';
import { bvText } from '../shared/bv';

/**
 * A chosen order: the sort key inside the page's CTE
 * (`o` is the row, joined as needed) and again on the shown rows, with the
 * member id breaking ties so that pages never overlap. Tree order follows
 * the path index; a column order sorts the filtered rows (bounded by the
 * page window), and the volume is the maintained one (the roll-up is a few
 * seconds behind the figures shown).
 */
const ORDERS = {
  joined: { join: 'JOIN members om ON om.user_id = o.member_id', key: 'om.joined_at', shown: 'm.joined_at' },
  username: {
    join: 'JOIN users ou ON ou.id = o.member_id',
    key: 'lower(ou.username) COLLATE "C"',
    shown: 'lower(u.username) COLLATE "C"',
  },
  volume: { join: '', key: '(o.left_volume + o.right_volume)', shown: '(pg.left_volume + pg.right_volume)' },
} as const;

/** The chosen order as SQL text: whitelisted columns and a direction, never input. */
function orderOf(sort: DownlineQuery['sort']) {
  if (!sort) return undefined;
  const descending = sort.startsWith('-');
  const order = ORDERS[sort.replace(/^-/, '') as keyof typeof ORDERS];
  if (!order) throw new Error(`sort field not whitelisted: ${sort}`);
  const dir = descending ? 'DESC' : 'ASC';
  return {
    join: sql.raw(order.join),
    key: sql.raw(`${order.key} ${dir}, o.member_id ${dir}`),
    shown: sql.raw(`${order.shown} ${dir}, pg.member_id ${dir}`),
  };
}

interface DownlineDetail extends RankColumns {
  member_id: number;
  depth: number;
  leg_bit: number;
  left_count: number;
  right_count: number;
  left_volume: string;
  right_volume: string;
  username: string;
  full_name: string;
  sponsor: string | null;
  joined_at: Date;
  package: string | null;
}

/** The placement downline of `root` as a table page: tree order, or ordered by a column; filtered by level, leg, username. */
export async function downline(ctx: AppContext, viewer: Viewer, query: DownlineQuery): Promise<Downline> {
  const { db } = ctx;
  const empty = {
    items: [],
    total: 0,
    page: query.page,
    pageSize: query.pageSize,
    totalExact: true,
    nextAfter: null,
    searchTruncated: false,
  };
  const base = await placementBase(db, viewer);
  if (!base) {
    if (query.root !== undefined) throw notInNetwork();
    return { ...empty, placed: false };
  }
  const root = await placementRoot(db, viewer, base, query.root);
  if (query.after !== undefined && query.sort)
    throw badRequest(
      'BAD_REQUEST',
      '"after" continues the tree order only: leave out "sort", or page with "page".',
      'after',
    );
  const order = orderOf(query.sort);
  const { limit, offset } = windowOf(query);

  // The maintained counts (and pending events) give the size of the whole list or of one leg.
  const counts = (
    await db.query<{ lc: number; rc: number }>(
      sql`SELECT t.left_count + pend.lc AS lc, t.right_count + pend.rc AS rc
         FROM network_nodes t LEFT JOIN LATERAL (${sql.raw(PENDING_LEGS('t'))}) pend ON true WHERE t.member_id = ${root.member_id}`,
    )
  ).rows[0]!;
  const listSize = query.leg === 'left' ? counts.lc : query.leg === 'right' ? counts.rc : counts.lc + counts.rc;
  if (listSize === 0) return { ...empty, placed: true };

  const range: KeyRange = query.leg ? legRange(root.path, query.leg) : subtreeRange(root.path);
  const after = query.after === undefined ? undefined : await findNodeWithin(db, query.after, root.member_id);
  if (query.after !== undefined && (!after || after.member_id === root.member_id)) throw notInNetwork();
  // Small downlines are searched by scanning them; large ones from the username index (bounded).
  const strategy: Strategy = !query.search ? 'range' : listSize <= SEARCH_SCAN_LIMIT ? 'scan' : 'candidates';

  const matching = (withCursor: boolean) => matchingRows({ query, root, range, after, strategy }, withCursor);

  const source = matching(true);
  const rows = (
    await db.query<DownlineDetail>(
      sql`WITH ${source.with} pg AS (${
        order
          ? sql`SELECT o.* FROM (${source.from}) o ${order.join} ORDER BY ${order.key}`
          : sql`${source.from} ORDER BY n.path`
      } LIMIT ${limit} OFFSET ${offset})
       SELECT pg.member_id, pg.depth, get_bit(pg.path, ${root.depth}) AS leg_bit,
              pg.left_count + pend.lc AS left_count, pg.right_count + pend.rc AS right_count,
              (pg.left_volume + pend.lv)::text AS left_volume, (pg.right_volume + pend.rv)::text AS right_volume,
              ${MEMBER_DETAILS.columns}
         FROM pg ${MEMBER_DETAILS.joins('pg')}
         LEFT JOIN LATERAL (${sql.raw(PENDING_LEGS('pg'))}) pend ON true
        ORDER BY ${order ? order.shown : sql`pg.path`}`,
    )
  ).rows;

  const { total, totalExact, searchTruncated } = await countList(ctx, matching, strategy, listSize, query.level);

  const items = rows.map((row) => toDownlineRow(row, root.depth));
  return {
    ...pageResult(items, total, query),
    totalExact,
    nextAfter: !order && items.length === limit ? items.at(-1)!.id : null,
    searchTruncated,
    placed: true,
  };
}

/** `after` continues from a row (a page of the tree order); otherwise a page window, bounded in depth. */
function windowOf(query: DownlineQuery): { limit: number; offset: number } {
  const window = query.after !== undefined ? { limit: query.pageSize, offset: 0 } : pageWindow(query);
  if (window.offset > DOWNLINE_MAX_OFFSET) {
    throw badRequest(
      'PAGE_TOO_DEEP',
      `Pages reach the first ${DOWNLINE_MAX_OFFSET.toLocaleString('en-US')} rows. Narrow the list with a level, leg or search, or continue with "after".`,
      'page',
    );
  }
  return window;
}

type Strategy = 'range' | 'scan' | 'candidates';

interface ListScope {
  query: DownlineQuery;
  root: NodeRow;
  range: KeyRange;
  after: NodeRow | undefined;
  strategy: Strategy;
}

/** The rows of the list, as network_nodes columns: a `WITH` entry (or nothing) and the `SELECT`. */
function matchingRows({ query, root, range, after, strategy }: ListScope, withCursor: boolean) {
  const filter = where(
    sql`n.path > ${range.after}::varbit`,
    range.before !== null && sql`n.path < ${range.before}::varbit`,
    !query.leg && sql`n.member_id <> ${root.member_id}`,
    query.level !== undefined && sql`n.depth = ${root.depth + query.level}`,
    withCursor && after && sql`n.path > ${after.path}::varbit`,
  );
  const columns = sql`n.member_id, n.depth, n.path, n.left_count, n.right_count, n.left_volume, n.right_volume`;
  if (strategy === 'range') return { with: sql.empty, from: sql`SELECT ${columns} FROM network_nodes n ${filter}` };
  const like = likePrefix(query.search!);
  if (strategy === 'scan') {
    return {
      with: sql.empty,
      from: sql`SELECT ${columns} FROM network_nodes n JOIN users su ON su.id = n.member_id
              ${filter} AND lower(su.username) COLLATE "C" LIKE ${like} ESCAPE '\\'`,
    };
  }
  return {
    with: sql`candidates AS (SELECT id FROM users WHERE lower(username) COLLATE "C" LIKE ${like} ESCAPE '\\'
                           ORDER BY lower(username) COLLATE "C" LIMIT ${SEARCH_CANDIDATES}),`,
    from: sql`SELECT ${columns} FROM candidates c JOIN network_nodes n ON n.member_id = c.id ${filter}`,
  };
}

/** The size of the whole list or one leg is maintained; a level or a search is counted, up to a bound. */
async function countList(
  ctx: AppContext,
  matching: (withCursor: boolean) => ReturnType<typeof matchingRows>,
  strategy: Strategy,
  listSize: number,
  level: number | undefined,
) {
  if (strategy === 'range' && level === undefined) return { total: listSize, totalExact: true, searchTruncated: false };
  const counted = matching(false);
  const { rows: summary } = await ctx.db.query<{ n: number; examined: number }>(
    sql`WITH ${counted.with} hits AS (${counted.from} LIMIT ${COUNT_LIMIT + 1})
     SELECT (SELECT count(*) FROM hits) AS n, ${strategy === 'candidates' ? sql`(SELECT count(*) FROM candidates)` : sql`0`} AS examined`,
  );
  const searchTruncated = summary[0]!.examined >= SEARCH_CANDIDATES;
  return {
    total: Math.min(summary[0]!.n, COUNT_LIMIT),
    totalExact: summary[0]!.n <= COUNT_LIMIT && !searchTruncated,
    searchTruncated,
  };
}

function toDownlineRow(row: DownlineDetail, rootDepth: number): DownlineRow {
  return {
    id: row.member_id,
    level: row.depth - rootDepth,
    username: row.username,
    fullName: row.full_name,
    sponsor: row.sponsor,
    package: row.package,
    rank: rankBadgeOf(row),
    joinedAt: iso(row.joined_at),
    leg: row.leg_bit === 0 ? 'left' : 'right',
    leftCount: row.left_count,
    rightCount: row.right_count,
    leftVolume: bvText(row.left_volume),
    rightVolume: bvText(row.right_volume),
  };
}
