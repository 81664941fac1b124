import {
  DOWNLINE_MAX_OFFSET,
  type Downline,
  type DownlineQuery,
  type DownlineRow,
  type NetworkMatch,
  type PlacementBody,
  type PlacementNode,
  type PlacementResult,
  type PlacementTree,
  type PlacementTreeQuery,
  type ReferralLink,
  type SponsorNode,
  type SponsorTree,
  type SponsorTreeQuery,
  type WaitingList,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { badRequest, forbidden, notFound } from '../shared/errors';
import { pageResult, pageWindow } from '../shared/pagination';
import { legRange, subtreeRange, type KeyRange } from './paths';
import { placeWaitingMember } from './placement';
import {
  findCompanyRoot,
  findNode,
  findNodeWithin,
  findRootNode,
  findSponsorRow,
  findSponsorRowWithin,
  likePrefix,
  PENDING_LEGS,
  type NodeRow,
  type SponsorRow,
} from './queries';
import type { Viewer } from './viewer';

/** Usernames starting with a search text looked at, at most, per search. */
export const SEARCH_CANDIDATES = 2_000;
/** Downlines up to this size are searched by scanning them; larger ones from the username index. */
export const SEARCH_SCAN_LIMIT = 5_000;
/** Filtered totals are counted up to this many rows. */
export const COUNT_LIMIT = 10_000;
const MATCHES = 20;

/** Numbered parameters for SQL put together piece by piece. */
function binder() {
  const params: unknown[] = [];
  return {
    params,
    p(value: unknown) {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/** What a tree node or a downline row shows of a member, for rows aliased with a `member_id`. */
const MEMBER_DETAILS = {
  columns: 'u.username, u.full_name, s.username AS sponsor, m.joined_at, pk.name AS package',
  joins: (t: string) => `
    JOIN users u ON u.id = ${t}.member_id
    JOIN members m ON m.user_id = ${t}.member_id
    LEFT JOIN users s ON s.id = m.sponsor_id
    LEFT JOIN packages pk ON pk.id = m.package_id`,
};

const notInNetwork = () => notFound('NOT_IN_NETWORK', 'No member with this id in your network.');

const iso = (value: Date | string) => new Date(value).toISOString();

export function createNetworkService(ctx: AppContext) {
  const { db, config } = ctx;

  // ---- who is where ------------------------------------------------------------------

  /** The viewer's own node (members) or the company root (admins): level 0 of what they see. */
  async function placementBase(sql: Sql, viewer: Viewer): Promise<NodeRow | undefined> {
    return viewer.isAdmin ? findRootNode(sql) : findNode(sql, viewer.userId);
  }

  async function placementRoot(sql: Sql, viewer: Viewer, base: NodeRow, rootId?: number): Promise<NodeRow> {
    if (rootId === undefined || rootId === base.member_id) return base;
    const node = viewer.isAdmin ? await findNode(sql, rootId) : await findNodeWithin(sql, rootId, base.member_id);
    if (!node) throw notInNetwork();
    return node;
  }

  async function sponsorBase(sql: Sql, viewer: Viewer): Promise<SponsorRow> {
    if (viewer.isAdmin) return findCompanyRoot(sql);
    const row = await findSponsorRow(sql, viewer.userId);
    if (!row) throw forbidden('NOT_A_MEMBER', 'This account has no network membership.');
    return row;
  }

  // ---- referral link -----------------------------------------------------------------

  async function referralLink(viewer: Viewer): Promise<ReferralLink> {
    if (!viewer.isMember) throw forbidden('NOT_A_MEMBER', 'Only network members have a referral link.');
    const { rows } = await db.query<{ username: string; total: number; left: number; right: number; none: number; waiting: number }>(
      `SELECT u.username, m.direct_count AS total, c.left, c.right, c.none, c.waiting
         FROM members m JOIN users u ON u.id = m.user_id,
              LATERAL (SELECT count(*) FILTER (WHERE requested_side = 'left') AS left,
                              count(*) FILTER (WHERE requested_side = 'right') AS right,
                              count(*) FILTER (WHERE requested_side IS NULL) AS none,
                              count(*) FILTER (WHERE NOT placed) AS waiting
                         FROM members WHERE sponsor_id = m.user_id) c
        WHERE m.user_id = $1`,
      [viewer.userId],
    );
    const row = rows[0]!;
    const plain = `${config.publicUrl}/register?ref=${encodeURIComponent(row.username)}`;
    return {
      username: row.username,
      links: { plain, left: `${plain}&side=left`, right: `${plain}&side=right` },
      signups: { total: row.total, left: row.left, right: row.right, noSide: row.none, waiting: row.waiting },
    };
  }

  // ---- sponsor tree -----------------------------------------------------------------

  interface SponsorDetail {
    user_id: number;
    sponsor_id: number | null;
    sponsor_depth: number;
    direct_count: number;
    placed: boolean;
    joined_at: Date;
    username: string;
    full_name: string;
    package: string | null;
  }

  async function sponsorTree(viewer: Viewer, query: SponsorTreeQuery): Promise<SponsorTree> {
    const base = await sponsorBase(db, viewer);
    let root = base;
    if (query.root !== undefined && query.root !== base.user_id) {
      const found = viewer.isAdmin ? await findSponsorRow(db, query.root) : await findSponsorRowWithin(db, query.root, base.user_id);
      if (!found) throw notInNetwork();
      root = found;
    }

    // Children in join order, `limit` per node (one more to know whether there are more).
    const childrenOf = async (parents: number[], after: number) =>
      (
        await db.query<{ parent: number; user_id: number }>(
          `SELECT p.id AS parent, c.user_id
             FROM unnest($1::bigint[]) AS p (id)
             CROSS JOIN LATERAL (SELECT user_id FROM members WHERE sponsor_id = p.id AND user_id > $2
                                  ORDER BY user_id LIMIT $3) c
            ORDER BY p.id, c.user_id`,
          [parents, after, query.limit + 1],
        )
      ).rows;

    const more = new Map<number, number | null>();
    const shown: number[] = [];
    let level = [root.user_id];
    for (let d = 1; d <= query.depth && level.length; d += 1) {
      const rows = await childrenOf(level, d === 1 ? (query.after ?? 0) : 0);
      const next: number[] = [];
      const byParent = new Map<number, number[]>();
      for (const row of rows) byParent.set(row.parent, [...(byParent.get(row.parent) ?? []), row.user_id]);
      for (const parent of level) {
        const kids = byParent.get(parent) ?? [];
        const visible = kids.slice(0, query.limit);
        more.set(parent, kids.length > query.limit ? visible.at(-1)! : null);
        next.push(...visible);
      }
      shown.push(...next);
      level = next;
    }

    const details = (
      await db.query<SponsorDetail>(
        `SELECT m.user_id, m.sponsor_id, m.sponsor_depth, m.direct_count, m.placed, m.joined_at, u.username, u.full_name, pk.name AS package
           FROM members m JOIN users u ON u.id = m.user_id LEFT JOIN packages pk ON pk.id = m.package_id
          WHERE m.user_id = ANY($1::bigint[])`,
        [[root.user_id, ...shown]],
      )
    ).rows;
    const byId = new Map(details.map((row) => [row.user_id, row]));
    const toNode = (id: number): SponsorNode => {
      const row = byId.get(id)!;
      return {
        id,
        parentId: row.sponsor_id,
        username: row.username,
        fullName: row.full_name,
        level: row.sponsor_depth - base.sponsor_depth,
        joinedAt: iso(row.joined_at),
        directCount: row.direct_count,
        placed: row.placed,
        package: row.package,
        moreAfter: more.get(id) ?? null,
      };
    };

    const search = query.search ? await searchSponsorTree(base, query.search) : { matches: [], truncated: false };
    return {
      root: toNode(root.user_id),
      nodes: shown.map(toNode),
      upId: root.user_id === base.user_id && !viewer.isAdmin ? null : root.sponsor_id,
      matches: search.matches,
      searchTruncated: search.truncated,
    };
  }

  /** Usernames starting with `search` in `base`'s sponsor tree: the first candidates by name, kept if inside. */
  async function searchSponsorTree(base: SponsorRow, search: string): Promise<{ matches: NetworkMatch[]; truncated: boolean }> {
    const { rows } = await db.query<{ id: number; username: string; full_name: string; sponsor_depth: number; examined: number }>(
      `WITH candidates AS (
         SELECT id, username, full_name FROM users
          WHERE lower(username) COLLATE "C" LIKE $1 ESCAPE '\\'
          ORDER BY lower(username) COLLATE "C" LIMIT $2
       )
       SELECT c.id, c.username, c.full_name, m.sponsor_depth, (SELECT count(*) FROM candidates) AS examined
         FROM candidates c JOIN members m ON m.user_id = c.id
        WHERE m.sponsor_depth > $3
          AND substring(m.sponsor_key FROM 1 FOR bit_length($4::varbit)) = $4::varbit
        ORDER BY lower(c.username) COLLATE "C" LIMIT $5`,
      [likePrefix(search), SEARCH_CANDIDATES, base.sponsor_depth, base.sponsor_key, MATCHES],
    );
    const examined = rows[0]?.examined ?? (await countCandidates(search));
    return {
      matches: rows.map((r) => ({ id: r.id, username: r.username, fullName: r.full_name, level: r.sponsor_depth - base.sponsor_depth })),
      truncated: examined >= SEARCH_CANDIDATES,
    };
  }

  async function countCandidates(search: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM users WHERE lower(username) COLLATE "C" LIKE $1 ESCAPE '\\' LIMIT $2) c`,
      [likePrefix(search), SEARCH_CANDIDATES],
    );
    return rows[0]!.n;
  }

  // ---- placement tree -----------------------------------------------------------------

  interface PlacementDetail {
    member_id: number;
    parent_id: number | null;
    side: 'left' | 'right' | null;
    depth: number;
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

  async function placementTree(viewer: Viewer, query: PlacementTreeQuery): Promise<PlacementTree> {
    const base = await placementBase(db, viewer);
    if (!base) throw notFound('NOT_PLACED', 'You have not been placed in the binary tree yet. Your sponsor will place you.');
    const root = await placementRoot(db, viewer, base, query.root);
    // Down `depth` levels by the (parent, side) key: at most 2^(depth+1)-1 nodes, whatever lies below.
    const { rows } = await db.query<PlacementDetail>(
      `WITH RECURSIVE t AS (
         SELECT n.member_id, n.parent_id, n.side, n.depth, n.path, n.left_count, n.right_count, n.left_volume, n.right_volume
           FROM network_nodes n WHERE n.member_id = $1
         UNION ALL
         SELECT c.member_id, c.parent_id, c.side, c.depth, c.path, c.left_count, c.right_count, c.left_volume, c.right_volume
           FROM t JOIN network_nodes c ON c.parent_id = t.member_id
          WHERE t.depth < $2
       )
       SELECT t.member_id, t.parent_id, t.side, t.depth,
              t.left_count + pend.lc AS left_count, t.right_count + pend.rc AS right_count,
              (t.left_volume + pend.lv)::text AS left_volume, (t.right_volume + pend.rv)::text AS right_volume,
              ${MEMBER_DETAILS.columns}
         FROM t ${MEMBER_DETAILS.joins('t')}
         LEFT JOIN LATERAL (${PENDING_LEGS('t')}) pend ON true
        ORDER BY t.depth, t.path`,
      [root.member_id, root.depth + query.depth],
    );
    const toNode = (row: PlacementDetail): PlacementNode => ({
      id: row.member_id,
      parentId: row.parent_id,
      side: row.side,
      username: row.username,
      fullName: row.full_name,
      level: row.depth - base.depth,
      sponsor: row.sponsor,
      package: row.package,
      joinedAt: iso(row.joined_at),
      leftCount: row.left_count,
      rightCount: row.right_count,
      leftVolume: row.left_volume,
      rightVolume: row.right_volume,
      hasLeft: row.left_count > 0,
      hasRight: row.right_count > 0,
    });
    const [top, ...below] = rows;
    return {
      root: toNode(top!),
      nodes: below.map(toNode),
      depth: query.depth,
      upId: root.member_id === base.member_id ? null : root.parent_id,
    };
  }

  // ---- downline table ---------------------------------------------------------------

  interface DownlineDetail {
    member_id: number;
    depth: number;
    leg_bit: number;
    left_count: number;
    right_count: number;
    username: string;
    full_name: string;
    sponsor: string | null;
    joined_at: Date;
    package: string | null;
  }

  async function downline(viewer: Viewer, query: DownlineQuery): Promise<Downline> {
    const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize, totalExact: true, nextAfter: null, searchTruncated: false };
    const base = await placementBase(db, viewer);
    if (!base) {
      if (query.root !== undefined) throw notInNetwork();
      return { ...empty, placed: false };
    }
    const root = await placementRoot(db, viewer, base, query.root);
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
      const columns = 'n.member_id, n.depth, n.path, n.left_count, n.right_count';
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
        `WITH ${source.with} pg AS (${source.from} ORDER BY n.path LIMIT ${page.p(limit)} OFFSET ${page.p(offset)})
         SELECT pg.member_id, pg.depth, get_bit(pg.path, ${page.p(root.depth)}) AS leg_bit,
                pg.left_count + pend.lc AS left_count, pg.right_count + pend.rc AS right_count,
                ${MEMBER_DETAILS.columns}
           FROM pg ${MEMBER_DETAILS.joins('pg')}
           LEFT JOIN LATERAL (${PENDING_LEGS('pg')}) pend ON true
          ORDER BY pg.path`,
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
    }));
    return {
      ...pageResult(items, total, query),
      totalExact,
      nextAfter: items.length === limit ? items.at(-1)!.id : null,
      searchTruncated,
      placed: true,
    };
  }

  // ---- placements -------------------------------------------------------------------

  async function waitingList(viewer: Viewer, query: { page: number; pageSize: number; sponsor?: number }): Promise<WaitingList> {
    const sponsorId = viewer.isAdmin ? query.sponsor : viewer.userId;
    const { limit, offset } = pageWindow(query);
    const filter = sponsorId === undefined ? '' : 'AND m.sponsor_id = $3';
    const params = sponsorId === undefined ? [limit, offset] : [limit, offset, sponsorId];
    const { rows } = await db.query<{
      user_id: number;
      username: string;
      full_name: string;
      joined_at: Date;
      requested_side: 'left' | 'right' | null;
      sponsor_id: number;
      sponsor: string;
      sponsor_placed: boolean;
    }>(
      `SELECT m.user_id, u.username, u.full_name, m.joined_at, m.requested_side, m.sponsor_id, s.username AS sponsor,
              sm.placed AS sponsor_placed
         FROM members m JOIN users u ON u.id = m.user_id JOIN users s ON s.id = m.sponsor_id
         JOIN members sm ON sm.user_id = m.sponsor_id
        WHERE NOT m.placed ${filter}
        ORDER BY m.user_id LIMIT $1 OFFSET $2`,
      params,
    );
    const counted = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM members m WHERE NOT m.placed ${sponsorId === undefined ? '' : 'AND m.sponsor_id = $1'}`,
      sponsorId === undefined ? [] : [sponsorId],
    );
    const viewerPlaced = viewer.isAdmin ? true : Boolean((await findNode(db, viewer.userId)) ?? false);
    return {
      ...pageResult(
        rows.map((r) => ({
          id: r.user_id,
          username: r.username,
          fullName: r.full_name,
          joinedAt: iso(r.joined_at),
          requestedSide: r.requested_side,
          sponsorId: r.sponsor_id,
          sponsor: r.sponsor,
          sponsorPlaced: r.sponsor_placed,
        })),
        counted.rows[0]!.n,
        query,
      ),
      viewerPlaced,
    };
  }

  async function place(viewer: Viewer, body: PlacementBody): Promise<PlacementResult> {
    return placeWaitingMember(db, viewer, body);
  }

  return { referralLink, sponsorTree, placementTree, downline, waitingList, place };
}

export type NetworkService = ReturnType<typeof createNetworkService>;
