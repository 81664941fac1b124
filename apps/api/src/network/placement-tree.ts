import type { PlacementNode, PlacementTree, PlacementTreeQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { notFound } from '../shared/errors';
import { PENDING_LEGS } from './queries';
import { iso, MEMBER_DETAILS, placementBase, placementRoot, rankBadgeOf, type RankColumns } from './viewpoint';
import type { Viewer } from './viewer';
import { bvText } from '../shared/bv';

interface PlacementDetail extends RankColumns {
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

/** The binary placement tree from `root` down `depth` levels, with left/right team counts and volumes. */
export async function placementTree(
  ctx: AppContext,
  viewer: Viewer,
  query: PlacementTreeQuery,
): Promise<PlacementTree> {
  const { db } = ctx;
  const base = await placementBase(db, viewer);
  if (!base)
    throw notFound('NOT_PLACED', 'You have not been placed in the binary tree yet. Your sponsor will place you.');
  const root = await placementRoot(db, viewer, base, query.root);
  // Down `depth` levels by the (parent, side) key: at most 2^(depth+1)-1 nodes, whatever lies below.
  const { rows } = await db.query<PlacementDetail>(
    sql`WITH RECURSIVE t AS (
       SELECT n.member_id, n.parent_id, n.side, n.depth, n.path, n.left_count, n.right_count, n.left_volume, n.right_volume
         FROM network_nodes n WHERE n.member_id = ${root.member_id}
       UNION ALL
       SELECT c.member_id, c.parent_id, c.side, c.depth, c.path, c.left_count, c.right_count, c.left_volume, c.right_volume
         FROM t JOIN network_nodes c ON c.parent_id = t.member_id
        WHERE t.depth < ${root.depth + query.depth}
     )
     SELECT t.member_id, t.parent_id, t.side, t.depth,
            t.left_count + pend.lc AS left_count, t.right_count + pend.rc AS right_count,
            (t.left_volume + pend.lv)::text AS left_volume, (t.right_volume + pend.rv)::text AS right_volume,
            ${MEMBER_DETAILS.columns}
       FROM t ${MEMBER_DETAILS.joins('t')}
       LEFT JOIN LATERAL (${sql.raw(PENDING_LEGS('t'))}) pend ON true
      ORDER BY t.depth, t.path`,
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
    rank: rankBadgeOf(row),
    joinedAt: iso(row.joined_at),
    leftCount: row.left_count,
    rightCount: row.right_count,
    leftVolume: bvText(row.left_volume),
    rightVolume: bvText(row.right_volume),
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
