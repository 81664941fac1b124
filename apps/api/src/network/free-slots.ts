import type { FreeSlot, FreeSlots, FreeSlotsQuery } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { conflict, notFound, unprocessable } from '../shared/errors';
import { SEARCH_CANDIDATES } from './limits';
import { subtreeRange, type KeyRange } from './paths';
import { findNode, likePrefix, type NodeRow } from './queries';
import { binder } from './viewpoint';
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

/** Nodes of `range` with a free side, in path order; parameters bound through `p`. */
function freeNodesSql(p: (value: unknown) => string, range: KeyRange) {
  const childOn = (side: string) => `EXISTS (SELECT 1 FROM network_nodes c WHERE c.parent_id = n.member_id AND c.side = '${side}')`;
  return {
    columns: `n.member_id, n.depth, u.username, u.full_name, NOT ${childOn('left')} AS left_free, NOT ${childOn('right')} AS right_free`,
    inRange: `n.path > ${p(range.after)}::varbit${range.before === null ? '' : ` AND n.path < ${p(range.before)}::varbit`}`,
    free: `(NOT ${childOn('left')} OR NOT ${childOn('right')})`,
  };
}

/**
 * The free positions (a missing left or right child) in the team of a
 * waiting member's sponsor, nearest the sponsor first (issue 15, point 14),
 * without reading the team: level by level down the (depth, path) index,
 * each level one range, stopping as soon as enough are found. A search looks
 * from the username index instead (the first candidates, kept if inside).
 */
export async function freeSlots(ctx: AppContext, viewer: Viewer, query: FreeSlotsQuery): Promise<FreeSlots> {
  const { db } = ctx;
  const { member, sponsorNode } = await waitingMemberAndSponsor(db, viewer, query.member);
  const range = subtreeRange(sponsorNode.path);
  const wanted = query.limit + 1;
  const found: FreeNodeRow[] = [];
  let searchTruncated = false;
  let walkedOut = false;

  if (query.search) {
    const b = binder();
    const sql = freeNodesSql(b.p, range);
    const { rows } = await db.query<FreeNodeRow & { examined: number }>(
      `WITH candidates AS (SELECT id FROM users WHERE lower(username) COLLATE "C" LIKE ${b.p(likePrefix(query.search))} ESCAPE '\\'
                            ORDER BY lower(username) COLLATE "C" LIMIT ${b.p(SEARCH_CANDIDATES)})
       SELECT ${sql.columns}, (SELECT count(*) FROM candidates) AS examined
         FROM candidates ca JOIN network_nodes n ON n.member_id = ca.id JOIN users u ON u.id = n.member_id
        WHERE ${sql.inRange} AND ${sql.free}
        ORDER BY n.depth, n.path LIMIT ${b.p(wanted)}`,
      b.params,
    );
    found.push(...rows);
    searchTruncated = (rows[0]?.examined ?? 0) >= SEARCH_CANDIDATES;
  } else {
    for (let depth = sponsorNode.depth; found.length < wanted; depth += 1) {
      if (depth >= sponsorNode.depth + FREE_SLOT_LEVELS) {
        walkedOut = true;
        break;
      }
      const b = binder();
      const sql = freeNodesSql(b.p, range);
      const { rows } = await db.query<FreeNodeRow>(
        `SELECT ${sql.columns}
           FROM network_nodes n JOIN users u ON u.id = n.member_id
          WHERE n.depth = ${b.p(depth)} AND ${sql.inRange} AND ${sql.free}
          ORDER BY n.path LIMIT ${b.p(wanted - found.length)}`,
        b.params,
      );
      found.push(...rows);
      if (rows.length === 0 && !(await levelHasNodes(db, depth, range))) break;
    }
  }

  const slots: FreeSlot[] = found.flatMap((row) =>
    (['left', 'right'] as const)
      .filter((side) => (side === 'left' ? row.left_free : row.right_free))
      .map((side) => ({ parentId: row.member_id, parentUsername: row.username, parentFullName: row.full_name, side, level: row.depth - sponsorNode.depth + 1 })),
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
  const b = binder();
  const sql = freeNodesSql(b.p, range);
  const { rows } = await db.query(`SELECT 1 FROM network_nodes n WHERE n.depth = ${b.p(depth)} AND ${sql.inRange} LIMIT 1`, b.params);
  return rows.length > 0;
}

/** The waiting member the viewer may place (its sponsor, or an admin) and the sponsor's node; the same refusals as placing. */
async function waitingMemberAndSponsor(db: Sql, viewer: Viewer, memberId: number): Promise<{ member: { sponsor: string }; sponsorNode: NodeRow }> {
  const { rows } = await db.query<{ sponsor_id: number | null; placed: boolean; username: string; sponsor: string | null }>(
    `SELECT m.sponsor_id, m.placed, u.username, s.username AS sponsor
       FROM members m JOIN users u ON u.id = m.user_id LEFT JOIN users s ON s.id = m.sponsor_id
      WHERE m.user_id = $1`,
    [memberId],
  );
  const member = rows[0];
  if (!member || member.sponsor_id === null || (!viewer.isAdmin && member.sponsor_id !== viewer.userId)) {
    throw notFound('REFERRAL_NOT_FOUND', 'None of your referrals has this id.');
  }
  if (member.placed) throw conflict('ALREADY_PLACED', `${member.username} has already been placed.`, 'member');
  const sponsorNode = await findNode(db, member.sponsor_id);
  if (!sponsorNode) {
    throw unprocessable(
      'SPONSOR_NOT_PLACED',
      viewer.userId === member.sponsor_id
        ? 'You have not been placed in the binary tree yet, so you cannot place your referrals. Your sponsor places you first.'
        : `${member.sponsor} has not been placed yet, so their referrals cannot be placed.`,
    );
  }
  return { member: { sponsor: member.sponsor! }, sponsorNode };
}
