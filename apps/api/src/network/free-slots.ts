import type { FreeSlot, FreeSlots, FreeSlotsQuery } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { SEARCH_CANDIDATES } from './limits';
import { subtreeRange, type KeyRange } from './paths';
import { likePrefix } from './queries';
import { placeableReferral } from './viewpoint';
import type { Viewer } from './viewer';

/** Levels walked per request before answering "more": a long spillover chain has a free slot on every level anyway. */
export const FREE_SLOT_LEVELS = 64;

interface FreeNodeRow {
  member_id: number;
  depth: number;
  username: string;
  full_name: string;
  left_free: boolean;
  right_free: boolean;
}

/** The side of a child as fixed SQL text (a literal, as the slot index has it), never input. */
const childOn = (side: 'left' | 'right') =>
  sql.raw(`EXISTS (SELECT 1 FROM network_nodes c WHERE c.parent_id = n.member_id AND c.side = '${side}')`);

/** Nodes `n` with a free side: their columns, and the condition. */
const FREE_NODE_COLUMNS = sql`n.member_id, n.depth, u.username, u.full_name, NOT ${childOn('left')} AS left_free, NOT ${childOn('right')} AS right_free`;
const HAS_FREE_SIDE = sql`(NOT ${childOn('left')} OR NOT ${childOn('right')})`;

/** Nodes `n` inside `range` (path order). */
const inRange = (range: KeyRange) =>
  sql`n.path > ${range.after}::varbit${range.before === null ? sql.empty : sql` AND n.path < ${range.before}::varbit`}`;

/**
 * The free positions (a missing left or right child) in the team of a
 * waiting member's sponsor, nearest the sponsor first,
 * without reading the team: level by level down the (depth, path) index,
 * each level one range, stopping as soon as enough are found. A search looks
 * from the username index instead (the first candidates, kept if inside).
 */
export async function freeSlots(ctx: AppContext, viewer: Viewer, query: FreeSlotsQuery): Promise<FreeSlots> {
  const { db } = ctx;
  const { member, sponsorNode } = await placeableReferral(db, viewer, query.member, { lock: false, field: 'member' });
  const range = subtreeRange(sponsorNode.path);
  const wanted = query.limit + 1;
  const found: FreeNodeRow[] = [];
  let searchTruncated = false;
  let walkedOut = false;

  if (query.search) {
    const { rows } = await db.query<FreeNodeRow & { examined: number }>(
      sql`WITH candidates AS (SELECT id FROM users WHERE lower(username) COLLATE "C" LIKE ${likePrefix(query.search)} ESCAPE '\\'
                            ORDER BY lower(username) COLLATE "C" LIMIT ${SEARCH_CANDIDATES})
       SELECT ${FREE_NODE_COLUMNS}, (SELECT count(*) FROM candidates) AS examined
         FROM candidates ca JOIN network_nodes n ON n.member_id = ca.id JOIN users u ON u.id = n.member_id
        WHERE ${inRange(range)} AND ${HAS_FREE_SIDE}
        ORDER BY n.depth, n.path LIMIT ${wanted}`,
    );
    found.push(...rows);
    searchTruncated = (rows[0]?.examined ?? 0) >= SEARCH_CANDIDATES;
  } else {
    for (let depth = sponsorNode.depth; found.length < wanted; depth += 1) {
      if (depth >= sponsorNode.depth + FREE_SLOT_LEVELS) {
        walkedOut = true;
        break;
      }
      const { rows } = await db.query<FreeNodeRow>(
        sql`SELECT ${FREE_NODE_COLUMNS}
           FROM network_nodes n JOIN users u ON u.id = n.member_id
          WHERE n.depth = ${depth} AND ${inRange(range)} AND ${HAS_FREE_SIDE}
          ORDER BY n.path LIMIT ${wanted - found.length}`,
      );
      found.push(...rows);
      if (rows.length === 0 && !(await levelHasNodes(db, depth, range))) break;
    }
  }

  const slots: FreeSlot[] = found.flatMap((row) =>
    (['left', 'right'] as const)
      .filter((side) => (side === 'left' ? row.left_free : row.right_free))
      .map((side) => ({
        parentId: row.member_id,
        parentUsername: row.username,
        parentFullName: row.full_name,
        side,
        level: row.depth - sponsorNode.depth + 1,
      })),
  );
  return {
    sponsorId: sponsorNode.member_id,
    sponsor: member.sponsor,
    items: slots.slice(0, query.limit),
    more: slots.length > query.limit || walkedOut,
    searchTruncated,
  };
}

async function levelHasNodes(db: Sql, depth: number, range: KeyRange): Promise<boolean> {
  const { rows } = await db.query<{ one: number }>(
    sql`SELECT 1 AS one FROM network_nodes n WHERE n.depth = ${depth} AND ${inRange(range)} LIMIT 1`,
  );
  return rows.length > 0;
}
