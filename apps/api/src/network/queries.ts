import type { Sql } from '../db/database';
import { sql } from '../db/sql';
import type { Side } from './paths';

/** A placement node as the services use it; `path` is the bit string as text ('0101'). */
export interface NodeRow {
  member_id: number;
  parent_id: number | null;
  side: Side | null;
  depth: number;
  path: string;
}

const NODE_COLUMNS = sql`n.member_id, n.parent_id, n.side, n.depth, n.path::text AS path`;

export async function findNode(db: Sql, memberId: number): Promise<NodeRow | undefined> {
  const { rows } = await db.query<NodeRow>(sql`SELECT ${NODE_COLUMNS} FROM network_nodes n WHERE n.member_id = ${memberId}`);
  return rows[0];
}

export async function findRootNode(db: Sql): Promise<NodeRow> {
  const { rows } = await db.query<NodeRow>(sql`SELECT ${NODE_COLUMNS} FROM network_nodes n WHERE n.parent_id IS NULL`);
  if (!rows[0]) throw new Error('The placement tree has no root: was the company root member created?');
  return rows[0];
}

/**
 * The node `memberId` when it is `homeId` or below it in the placement tree:
 * a prefix test on the two paths, whatever the depth; no walk.
 */
export async function findNodeWithin(db: Sql, memberId: number, homeId: number): Promise<NodeRow | undefined> {
  const { rows } = await db.query<NodeRow>(
    sql`SELECT ${NODE_COLUMNS}
          FROM network_nodes n, network_nodes h
         WHERE n.member_id = ${memberId} AND h.member_id = ${homeId} AND n.depth >= h.depth
           AND substring(n.path FROM 1 FOR h.depth) = substring(h.path FROM 1 FOR h.depth)`,
  );
  return rows[0];
}

/** A member's place in the sponsor tree. */
export interface SponsorRow {
  user_id: number;
  sponsor_id: number | null;
  sponsor_depth: number;
  sponsor_key: string;
  placed: boolean;
}

const SPONSOR_COLUMNS = sql`m.user_id, m.sponsor_id, m.sponsor_depth, m.sponsor_key::text AS sponsor_key, m.placed`;

export async function findSponsorRow(db: Sql, memberId: number): Promise<SponsorRow | undefined> {
  const { rows } = await db.query<SponsorRow>(sql`SELECT ${SPONSOR_COLUMNS} FROM members m WHERE m.user_id = ${memberId}`);
  return rows[0];
}

export async function findCompanyRoot(db: Sql): Promise<SponsorRow> {
  const { rows } = await db.query<SponsorRow>(sql`SELECT ${SPONSOR_COLUMNS} FROM members m WHERE m.sponsor_id IS NULL`);
  if (!rows[0]) throw new Error('The company root member is missing.');
  return rows[0];
}

/** The member `memberId` when it is `homeId` or anywhere below it in the sponsor tree (a key prefix test). */
export async function findSponsorRowWithin(db: Sql, memberId: number, homeId: number): Promise<SponsorRow | undefined> {
  const { rows } = await db.query<SponsorRow>(
    sql`SELECT ${SPONSOR_COLUMNS}
          FROM members m, members h
         WHERE m.user_id = ${memberId} AND h.user_id = ${homeId} AND m.sponsor_depth >= h.sponsor_depth
           AND substring(m.sponsor_key FROM 1 FOR bit_length(h.sponsor_key)) = h.sponsor_key`,
  );
  return rows[0];
}

/**
 * Left/right counts and volumes of the node aliased `t`, including events the
 * roll-up has not applied yet, so a reader always sees the truth. Reads only
 * the pending events (a short queue), never the subtree. Use as
 * `LEFT JOIN LATERAL (${PENDING_LEGS('t')}) pend ON true`, then `pend.lc`…
 */
export const PENDING_LEGS = (t: string) => `
  SELECT coalesce(sum(e.count_delta) FILTER (WHERE get_bit(en.path, ${t}.depth) = 0), 0)::bigint AS lc,
         coalesce(sum(e.count_delta) FILTER (WHERE get_bit(en.path, ${t}.depth) = 1), 0)::bigint AS rc,
         coalesce(sum(e.volume) FILTER (WHERE get_bit(en.path, ${t}.depth) = 0), 0) AS lv,
         coalesce(sum(e.volume) FILTER (WHERE get_bit(en.path, ${t}.depth) = 1), 0) AS rv
    FROM network_events e JOIN network_nodes en ON en.member_id = e.member_id
   WHERE e.rolled_up_at IS NULL AND en.depth > ${t}.depth
     AND substring(en.path FROM 1 FOR ${t}.depth) = substring(${t}.path FROM 1 FOR ${t}.depth)`;

/** Escapes LIKE wildcards in a username prefix and lower-cases it. */
export function likePrefix(search: string): string {
  return search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
}
