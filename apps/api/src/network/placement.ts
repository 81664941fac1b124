import type { PlacementBody, PlacementResult } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { AppError, conflict, isUniqueViolation, unprocessable } from '../shared/errors';
import { sideBit, subtreeRange, type Side } from './paths';
import { findNode, findNodeWithin, type NodeRow } from './queries';
import type { Viewer } from './viewer';
import { placeableReferral } from './viewpoint';
import { releasePendingVolume } from './pending-volume';

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
export async function outermostNode(db: Sql, top: NodeRow, side: Side): Promise<number> {
  const range = subtreeRange(top.path);
  const bound = range.before !== null ? sql`AND path < ${range.before}::varbit` : sql.empty;
  const { rows } = await db.query<{ member_id: number }>(
    sql`SELECT member_id FROM network_nodes WHERE path > ${range.after}::varbit ${bound}
         ORDER BY path ${side === 'left' ? sql`ASC` : sql`DESC`} LIMIT 1`,
  );
  return rows[0]!.member_id;
}

/** Puts `memberId` into the free `side` slot of `parentId`; 409 when the slot is taken. */
async function insertNode(
  db: Sql,
  memberId: number,
  parentId: number,
  side: Side,
  placedBy: number | null,
): Promise<void> {
  try {
    await db.query(
      sql`INSERT INTO network_nodes (member_id, parent_id, side, depth, path, placed_by)
          SELECT ${memberId}, p.member_id, ${side}, p.depth + 1, substring(p.path FROM 1 FOR p.depth) || ${sideBit(side)}::varbit || B'1', ${placedBy}
            FROM network_nodes p WHERE p.member_id = ${parentId}`,
    );
  } catch (error) {
    if (isPathTooLong(error)) {
      throw unprocessable(
        'PLACEMENT_TOO_DEEP',
        'This position is too deep in the tree to place anyone there. Choose a position higher up.',
        'parentId',
      );
    }
    throw error;
  }
}

/** Marks the member placed and queues the team-count event for the roll-up. */
async function recordPlacement(db: Sql, memberId: number): Promise<void> {
  const { rowCount } = await db.query(sql`UPDATE members SET placed = true WHERE user_id = ${memberId} AND NOT placed`);
  if (rowCount !== 1) throw conflict('ALREADY_PLACED', 'This member has already been placed.', 'memberId');
  await db.query(sql`INSERT INTO network_events (member_id, kind, count_delta) VALUES (${memberId}, 'placement', 1)`);
  // The plan: BV the member bought while waiting now flows up the legs.
  await releasePendingVolume(db, memberId);
}

/**
 * Spillover: the outermost free slot of `side` below `top`. Two sign-ups
 * racing for that slot both find it; the unique slot key lets one in and the
 * other looks again from a savepoint (it then sees the winner's node).
 */
async function placeBySpillover(
  db: Sql,
  memberId: number,
  top: NodeRow,
  side: Side,
  placedBy: number | null,
): Promise<number> {
  for (let attempt = 0; attempt < SPILLOVER_ATTEMPTS; attempt += 1) {
    const parentId = await outermostNode(db, top, side);
    await db.query(sql`SAVEPOINT network_spillover`);
    try {
      await insertNode(db, memberId, parentId, side, placedBy);
      await db.query(sql`RELEASE SAVEPOINT network_spillover`);
      return parentId;
    } catch (error) {
      await db.query(sql`ROLLBACK TO SAVEPOINT network_spillover`);
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
export async function placeWaitingMember(
  ctx: AppContext,
  viewer: Viewer,
  body: PlacementBody,
): Promise<PlacementResult> {
  return ctx.db.transaction(async (tx) => {
    const { member, sponsorNode } = await placeableReferral(tx, viewer, body.memberId, {
      lock: true,
      field: 'memberId',
    });

    let parentId: number;
    let side: Side;
    if ('auto' in body) {
      side = body.auto;
      parentId = await placeBySpillover(tx, member.id, sponsorNode, side, viewer.userId);
    } else {
      side = body.side;
      const parent = await findNodeWithin(tx, body.parentId, sponsorNode.member_id);
      if (!parent) {
        throw new AppError(
          404,
          'PARENT_NOT_FOUND',
          `Choose a position inside ${viewer.userId === member.sponsorId ? 'your own' : `${member.sponsor}'s`} team.`,
          'parentId',
        );
      }
      await tx.query(sql`SAVEPOINT network_slot`);
      try {
        await insertNode(tx, member.id, parent.member_id, side, viewer.userId);
      } catch (error) {
        if (!isSlotTaken(error)) throw error;
        await tx.query(sql`ROLLBACK TO SAVEPOINT network_slot`);
        const taken = await tx.query<{ username: string }>(
          sql`SELECT u.username FROM network_nodes n JOIN users u ON u.id = n.member_id WHERE n.parent_id = ${parent.member_id} AND n.side = ${side}`,
        );
        const who = taken.rows[0] ? ` by ${taken.rows[0].username}` : '';
        throw conflict(
          'SLOT_TAKEN',
          `The ${side} position under this member is already taken${who}. Choose another position.`,
          'side',
        );
      }
      parentId = parent.member_id;
    }
    await recordPlacement(tx, member.id);
    const parent = await tx.query<{ username: string }>(sql`SELECT username FROM users WHERE id = ${parentId}`);
    return { memberId: member.id, username: member.username, parentId, parentUsername: parent.rows[0]!.username, side };
  });
}
