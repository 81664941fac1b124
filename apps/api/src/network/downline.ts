import { DOWNLINE_MAX_OFFSET, type Downline, type DownlineQuery, type DownlineRow } from '@portal/contract';
import type { AppContext } from '../context';
import { badRequest } from '../shared/errors';
import { pageResult, pageWindow } from '../shared/pagination';
import { COUNT_LIMIT, SEARCH_CANDIDATES, SEARCH_SCAN_LIMIT } from './limits';
import { legRange, subtreeRange, type KeyRange } from './paths';
import { findNodeWithin, likePrefix, PENDING_LEGS } from './queries';
import { binder, iso, MEMBER_DETAILS, notInNetwork, placementBase, placementRoot } from './viewpoint';
import type { Viewer } from './viewer';

/**
 * A chosen order (issue 15, point 15): the sort key inside the page's CTE
 * (`o` is the row, joined as needed) and again on the shown rows, with the
 * member id breaking ties so that pages never overlap. Tree order follows
 * the path index; a column order sorts the filtered rows (bounded by the
 * page window), and the volume is the maintained one (the roll-up is a few
 * seconds behind the figures shown).
 */
const ORDERS = {
  joined: { join: 'JOIN members om ON om.user_id = o.member_id', key: 'om.joined_at', shown: 'm.joined_at' },
  username: { join: 'JOIN users ou ON ou.id = o.member_id', key: 'lower(ou.username) COLLATE "C"', shown: 'lower(u.username) COLLATE "C"' },
  volume: { join: '', key: '(o.left_volume + o.right_volume)', shown: '(pg.left_volume + pg.right_volume)' },
} as const;

function orderOf(sort: DownlineQuery['sort']) {
  if (!sort) return undefined;
  const descending = sort.startsWith('-');
  const order = ORDERS[sort.replace(/^-/, '') as keyof typeof ORDERS];
  const dir = descending ? 'DESC' : 'ASC';
  return { join: order.join, key: `${order.key} ${dir}, o.member_id ${dir}`, shown: `${order.shown} ${dir}, pg.member_id ${dir}` };
}

interface DownlineDetail {
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
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize, totalExact: true, nextAfter: null, searchTruncated: false };
  const base = await placementBase(db, viewer);
  if (!base) {
    if (query.root !== undefined) throw notInNetwork();
    return { ...empty, placed: false };
  }
  const root = await placementRoot(db, viewer, base, query.root);
  if (query.after !== undefined && query.sort) throw badRequest('BAD_REQUEST', '"after" continues the tree order only: leave out "sort", or page with "page".', 'after');
  const order = orderOf(query.sort);
  const { limit, offset } = query.after !== undefined ? { limit: query.pageSize, offset: 0 } : pageWindow(query);
  if (offset > DOWNLINE_MAX_OFFSET) {
    throw badRequest('PAGE_TOO_DEEP', `Pages reach the first ${DOWNLINE_MAX_OFFSET.toLocaleString('en-US')} rows. Narrow the list with a level, leg or search, or continue with "after".`, 'page');
  }

  // The maintained counts (and pending events) give the size of the whole list or of one leg.
  const counts = (
    await db.query<{ lc: number; rc: number }>(
      `SELECT t.left_count + pend.lc AS lc, t.right_count + pend.rc AS rc
         FROM network_nodes t LEFT JOIN LATERAL (${PENDING_LEGS('t')}) pend ON true WHERE t.member_id = $1`,
      [root.member_id],
    )
  ).rows[0]!;
  const listSize = query.leg === 'left' ? counts.lc : query.leg === 'right' ? counts.rc : counts.lc + counts.rc;
  if (listSize === 0) return { ...empty, placed: true };

  const range: KeyRange = query.leg ? legRange(root.path, query.leg) : subtreeRange(root.path);
  const after = query.after === undefined ? undefined : await findNodeWithin(db, query.after, root.member_id);
  if (query.after !== undefined && (!after || after.member_id === root.member_id)) throw notInNetwork();
  // Small downlines are searched by scanning them; large ones from the username index (bounded).
  const strategy = !query.search ? 'range' : listSize <= SEARCH_SCAN_LIMIT ? 'scan' : 'candidates';

  /** The rows of the list, as network_nodes columns, with its parameters bound through `p`. */
  const matching = (p: (value: unknown) => string, withCursor: boolean) => {
    const where = [`n.path > ${p(range.after)}::varbit`];
    if (range.before !== null) where.push(`n.path < ${p(range.before)}::varbit`);
    if (!query.leg) where.push(`n.member_id <> ${p(root.member_id)}`);
    if (query.level !== undefined) where.push(`n.depth = ${p(root.depth + query.level)}`);
    if (withCursor && after) where.push(`n.path > ${p(after.path)}::varbit`);
    const columns = 'n.member_id, n.depth, n.path, n.left_count, n.right_count, n.left_volume, n.right_volume';
    if (strategy === 'range') return { with: '', from: `SELECT ${columns} FROM network_nodes n WHERE ${where.join(' AND ')}` };
    const like = p(likePrefix(query.search!));
    if (strategy === 'scan') {
      return {
        with: '',
        from: `SELECT ${columns} FROM network_nodes n JOIN users su ON su.id = n.member_id
                WHERE ${where.join(' AND ')} AND lower(su.username) COLLATE "C" LIKE ${like} ESCAPE '\\'`,
      };
    }
    return {
      with: `candidates AS (SELECT id FROM users WHERE lower(username) COLLATE "C" LIKE ${like} ESCAPE '\\'
                             ORDER BY lower(username) COLLATE "C" LIMIT ${p(SEARCH_CANDIDATES)}),`,
      from: `SELECT ${columns} FROM candidates c JOIN network_nodes n ON n.member_id = c.id WHERE ${where.join(' AND ')}`,
    };
  };

  const page = binder();
  const source = matching(page.p, true);
  const rows = (
    await db.query<DownlineDetail>(
      `WITH ${source.with} pg AS (${
         order
           ? `SELECT o.* FROM (${source.from}) o ${order.join} ORDER BY ${order.key}`
           : `${source.from} ORDER BY n.path`
       } LIMIT ${page.p(limit)} OFFSET ${page.p(offset)})
       SELECT pg.member_id, pg.depth, get_bit(pg.path, ${page.p(root.depth)}) AS leg_bit,
              pg.left_count + pend.lc AS left_count, pg.right_count + pend.rc AS right_count,
              (pg.left_volume + pend.lv)::text AS left_volume, (pg.right_volume + pend.rv)::text AS right_volume,
              ${MEMBER_DETAILS.columns}
         FROM pg ${MEMBER_DETAILS.joins('pg')}
         LEFT JOIN LATERAL (${PENDING_LEGS('pg')}) pend ON true
        ORDER BY ${order ? order.shown : 'pg.path'}`,
      page.params,
    )
  ).rows;

  // The size of the whole list or one leg is maintained; a level or a search is counted, up to a bound.
  let total = listSize;
  let totalExact = true;
  let searchTruncated = false;
  if (strategy !== 'range' || query.level !== undefined) {
    const count = binder();
    const counted = matching(count.p, false);
    const { rows: summary } = await db.query<{ n: number; examined: number }>(
      `WITH ${counted.with} hits AS (${counted.from} LIMIT ${COUNT_LIMIT + 1})
       SELECT (SELECT count(*) FROM hits) AS n, ${strategy === 'candidates' ? '(SELECT count(*) FROM candidates)' : '0'} AS examined`,
      count.params,
    );
    total = Math.min(summary[0]!.n, COUNT_LIMIT);
    searchTruncated = summary[0]!.examined >= SEARCH_CANDIDATES;
    totalExact = summary[0]!.n <= COUNT_LIMIT && !searchTruncated;
  }

  const items: DownlineRow[] = rows.map((row) => ({
    id: row.member_id,
    level: row.depth - root.depth,
    username: row.username,
    fullName: row.full_name,
    sponsor: row.sponsor,
    package: row.package,
    joinedAt: iso(row.joined_at),
    leg: row.leg_bit === 0 ? 'left' : 'right',
    leftCount: row.left_count,
    rightCount: row.right_count,
    leftVolume: row.left_volume,
    rightVolume: row.right_volume,
  }));
  return {
    ...pageResult(items, total, query),
    totalExact,
    nextAfter: !order && items.length === limit ? items.at(-1)!.id : null,
    searchTruncated,
    placed: true,
  };
}

