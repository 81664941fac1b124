import type { PlacementBody, PlacementResult } from '@portal/contract';
import type { Database, Sql } from '../db/database';
import { AppError, conflict, isUniqueViolation, notFound, unprocessable } from '../shared/errors';
import { sideBit, subtreeRange, type Side } from './paths';
import { findNode, findNodeWithin, type NodeRow } from './queries';
import type { Viewer } from './viewer';
import { releasePendingVolume } from '../purchases/service';

/** Spillover retries when another sign-up takes the same outermost slot first. */
const SPILLOVER_ATTEMPTS = 25;

const SLOT_CONSTRAINTS = ['network_nodes_slot_key', 'network_nodes_path_key'];
const isSlotTaken = (error: unknown) => SLOT_CONSTRAINTS.some((name) => isUniqueViolation(error, name));

/** PostgreSQL refuses a b-tree entry above 2,704 bytes: a path of ~21,000 irregular levels. */
function isPathTooLong(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '54000' && Boolean(e.message?.includes('network_nodes'));
}

/**
 * The outermost free position of one leg of `top`'s subtree: follow the
 * left (right) child until it is missing. In path order that is the first
 * (last) node of the subtree's range: one index probe at any depth.
 */
export async function outermostNode(sql: Sql, top: NodeRow, side: Side): Promise<number> {
  const range = subtreeRange(top.path);
  const params: unknown[] = [range.after];
  let bound = '';
  if (range.before !== null) {
    params.push(range.before);
    bound = 'AND path < $2::varbit';
  }
  const { rows } = await sql.query<{ member_id: number }>(
    `SELECT member_id FROM network_nodes WHERE path > $1::varbit ${bound}
      ORDER BY path ${side === 'left' ? 'ASC' : 'DESC'} LIMIT 1`,
    params,
  );
  return rows[0]!.member_id;
}

/** Puts `memberId` into the free `side` slot of `parentId`; 409 when the slot is taken. */
async function insertNode(sql: Sql, memberId: number, parentId: number, side: Side, placedBy: number | null): Promise<void> {
  try {
    await sql.query(
      `INSERT INTO network_nodes (member_id, parent_id, side, depth, path, placed_by)
       SELECT $1, p.member_id, $3, p.depth + 1, substring(p.path FROM 1 FOR p.depth) || $4::varbit || B'1', $5
         FROM network_nodes p WHERE p.member_id = $2`,
      [memberId, parentId, side, sideBit(side), placedBy],
    );
  } catch (error) {
    if (isPathTooLong(error)) {
      throw unprocessable('PLACEMENT_TOO_DEEP', 'This position is too deep in the tree to place anyone there. Choose a position higher up.', 'parentId');
    }
    throw error;
  }
}

/** Marks the member placed and queues the team-count event for the roll-up. */
async function recordPlacement(sql: Sql, memberId: number): Promise<void> {
  const { rowCount } = await sql.query('UPDATE members SET placed = true WHERE user_id = $1 AND NOT placed', [memberId]);
  if (rowCount !== 1) throw conflict('ALREADY_PLACED', 'This member has already been placed.', 'memberId');
  await sql.query(`INSERT INTO network_events (member_id, kind, count_delta) VALUES ($1, 'placement', 1)`, [memberId]);
  // The plan: BV the member bought while waiting now flows up the legs.
  await releasePendingVolume(sql, memberId);
}

/**
 * Spillover: the outermost free slot of `side` below `top`. Two sign-ups
 * racing for that slot both find it; the unique slot key lets one in and the
 * other looks again from a savepoint (it then sees the winner's node).
 */
async function placeBySpillover(sql: Sql, memberId: number, top: NodeRow, side: Side, placedBy: number | null): Promise<number> {
  for (let attempt = 0; attempt < SPILLOVER_ATTEMPTS; attempt += 1) {
    const parentId = await outermostNode(sql, top, side);
    await sql.query('SAVEPOINT network_spillover');
    try {
      await insertNode(sql, memberId, parentId, side, placedBy);
      await sql.query('RELEASE SAVEPOINT network_spillover');
      return parentId;
    } catch (error) {
      await sql.query('ROLLBACK TO SAVEPOINT network_spillover');
      if (!isSlotTaken(error)) throw error;
    }
  }
  throw conflict('PLACEMENT_BUSY', 'Many people are joining this leg right now. Please try again in a moment.');
}

/**
 * The registration hook, inside the sign-up's transaction: with a side, the
 * new member is placed at once by spillover under the sponsor; without one
 * (or while the sponsor is not placed yet) the member waits for the sponsor.
 */
export async function joinNetwork(tx: Sql, input: { memberId: number; sponsorId: number; side?: Side }): Promise<void> {
  if (!input.side) return;
  const sponsorNode = await findNode(tx, input.sponsorId);
  if (!sponsorNode) return;
  await placeBySpillover(tx, input.memberId, sponsorNode, input.side, null);
  await recordPlacement(tx, input.memberId);
}

/**
 * A sponsor (or an admin) places a waiting referral: into a free slot of a
 * node inside the sponsor's own placement subtree, or by spillover on a leg.
 */
export async function placeWaitingMember(db: Database, viewer: Viewer, body: PlacementBody): Promise<PlacementResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number; sponsor_id: number | null; placed: boolean; username: string; sponsor: string | null }>(
      `SELECT m.user_id, m.sponsor_id, m.placed, u.username, s.username AS sponsor
         FROM members m JOIN users u ON u.id = m.user_id LEFT JOIN users s ON s.id = m.sponsor_id
        WHERE m.user_id = $1
        FOR UPDATE OF m`,
      [body.memberId],
    );
    const member = rows[0];
    if (!member || member.sponsor_id === null || (!viewer.isAdmin && member.sponsor_id !== viewer.userId)) {
      throw notFound('REFERRAL_NOT_FOUND', 'None of your referrals has this id.');
    }
    if (member.placed) throw conflict('ALREADY_PLACED', `${member.username} has already been placed.`, 'memberId');
    const sponsorNode = await findNode(tx, member.sponsor_id);
    if (!sponsorNode) {
      throw unprocessable(
        'SPONSOR_NOT_PLACED',
        viewer.userId === member.sponsor_id
          ? 'You have not been placed in the binary tree yet, so you cannot place your referrals. Your sponsor places you first.'
          : `${member.sponsor} has not been placed yet, so their referrals cannot be placed.`,
      );
    }

    let parentId: number;
    let side: Side;
    if ('auto' in body) {
      side = body.auto;
      parentId = await placeBySpillover(tx, member.user_id, sponsorNode, side, viewer.userId);
    } else {
      side = body.side;
      const parent = await findNodeWithin(tx, body.parentId, sponsorNode.member_id);
      if (!parent) {
        throw new AppError(404, 'PARENT_NOT_FOUND', `Choose a position inside ${viewer.userId === member.sponsor_id ? 'your own' : `${member.sponsor}'s`} team.`, 'parentId');
      }
      await tx.query('SAVEPOINT network_slot');
      try {
        await insertNode(tx, member.user_id, parent.member_id, side, viewer.userId);
      } catch (error) {
        if (!isSlotTaken(error)) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT network_slot');
        const taken = await tx.query<{ username: string }>(
          `SELECT u.username FROM network_nodes n JOIN users u ON u.id = n.member_id WHERE n.parent_id = $1 AND n.side = $2`,
          [parent.member_id, side],
        );
        const who = taken.rows[0] ? ` by ${taken.rows[0].username}` : '';
        throw conflict('SLOT_TAKEN', `The ${side} position under this member is already taken${who}. Choose another position.`, 'side');
      }
      parentId = parent.member_id;
    }
    await recordPlacement(tx, member.user_id);
    const parent = await tx.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [parentId]);
    return { memberId: member.user_id, username: member.username, parentId, parentUsername: parent.rows[0]!.username, side };
  });
}
