import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/platform/db/database';
import { bearer, type Session } from '../harness';
import { sql } from '../../src/platform/db/sql';

type Query = Record<string, string | number | undefined>;

const qs = (query: Query = {}) => {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined) as Array<[string, string | number]>;
  return entries.length ? `?${entries.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
};

/** GET /api/network/<what> as `session`. */
export function getNetwork(app: FastifyInstance, session: Session, what: string, query?: Query) {
  return app.inject({ method: 'GET', url: `/api/network/${what}${qs(query)}`, headers: bearer(session) });
}

export function place(app: FastifyInstance, session: Session, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/network/placements',
    headers: bearer(session),
    payload: body as object,
  });
}

export interface TreeNode {
  id: number;
  parentId: number | null;
  side: 'left' | 'right' | null;
  username: string;
  level: number;
  leftCount: number;
  rightCount: number;
  hasLeft: boolean;
  hasRight: boolean;
  package: string | null;
  leftVolume: string;
  rightVolume: string;
}

/** The placement tree below `root` as `session` sees it; throws unless 200. */
export async function placementTree(app: FastifyInstance, session: Session, root?: number, depth = 4) {
  const res = await getNetwork(app, session, 'placement-tree', { root, depth });
  if (res.statusCode !== 200) throw new Error(`placement-tree ${root}: ${res.statusCode} ${res.body}`);
  return res.json<{ root: TreeNode; nodes: TreeNode[]; upId: number | null; depth: number }>();
}

/** The child of `parentId` on `side` in a placement-tree answer, by username. */
export function childName(
  tree: { root: TreeNode; nodes: TreeNode[] },
  parentId: number,
  side: 'left' | 'right',
): string | undefined {
  return tree.nodes.find((n) => n.parentId === parentId && n.side === side)?.username;
}

/**
 * Left and right team sizes of every placed member, counted from scratch
 * from the parent links alone (no paths, no maintained counts).
 */
export async function recountTeams(db: Database): Promise<Map<number, { left: number; right: number }>> {
  const { rows } = await db.query<{ member_id: number; parent_id: number | null; side: 'left' | 'right' | null }>(
    sql`SELECT member_id, parent_id, side FROM network_nodes`,
  );
  const parent = new Map(rows.map((r) => [r.member_id, r]));
  const counts = new Map(rows.map((r) => [r.member_id, { left: 0, right: 0 }]));
  for (const row of rows) {
    let child = row;
    while (child.parent_id !== null) {
      const up = counts.get(child.parent_id)!;
      if (child.side === 'left') up.left += 1;
      else up.right += 1;
      child = parent.get(child.parent_id)!;
    }
  }
  return counts;
}

/** The maintained counts as stored (what the roll-up has applied so far). */
export async function storedTeams(db: Database): Promise<Map<number, { left: number; right: number }>> {
  const { rows } = await db.query<{ member_id: number; left_count: number; right_count: number }>(
    sql`SELECT member_id, left_count, right_count FROM network_nodes`,
  );
  return new Map(rows.map((r) => [r.member_id, { left: r.left_count, right: r.right_count }]));
}
