import type { Sql } from '../platform/db/database';
import { sql, type SqlQuery } from '../platform/db/sql';
import type { Side } from './paths';

/** A placement node as the services use it; `path` is the bit string as text ('0101'). */
export interface NodeRow {
  member_id: number;
  parent_id: number | null;
  side: Side | null;
  depth: number;
  path: string;
}

/** A member's place in the sponsor tree. */
export interface SponsorRow {
  user_id: number;
  sponsor_id: number | null;
  sponsor_depth: number;
  sponsor_key: string;
  placed: boolean;
}

/** A tree as its rows are stored: each row keyed by its member, the root's parent NULL. */
interface Tree {
  table: string;
  /** The alias of the row asked for; the home row of `within` is `h`. */
  alias: string;
  id: string;
  parent: string;
  columns: SqlQuery;
  /** The row is the home row or below it: a prefix test of its key on the home's, whatever the depth. */
  atOrBelowHome: SqlQuery;
  noRoot: string;
}

/** The three lookups both trees answer: a member's row, the root's, and a member's row when it is `homeId` or below it (no walk). */
function lookupsOf<Row>(tree: Tree) {
  const from = sql.raw(`${tree.table} ${tree.alias}`);
  const column = (alias: string, name: string) => sql.raw(`${alias}.${name}`);
  return {
    find: async (db: Sql, memberId: number): Promise<Row | undefined> => {
      const { rows } = await db.query<Row>(
        sql`SELECT ${tree.columns} FROM ${from} WHERE ${column(tree.alias, tree.id)} = ${memberId}`,
      );
      return rows[0];
    },
    root: async (db: Sql): Promise<Row> => {
      const { rows } = await db.query<Row>(
        sql`SELECT ${tree.columns} FROM ${from} WHERE ${column(tree.alias, tree.parent)} IS NULL`,
      );
      if (!rows[0]) throw new Error(tree.noRoot);
      return rows[0];
    },
    within: async (db: Sql, memberId: number, homeId: number): Promise<Row | undefined> => {
      const { rows } = await db.query<Row>(
        sql`SELECT ${tree.columns}
              FROM ${from}, ${sql.raw(tree.table)} h
             WHERE ${column(tree.alias, tree.id)} = ${memberId} AND ${column('h', tree.id)} = ${homeId} AND ${tree.atOrBelowHome}`,
      );
      return rows[0];
    },
  };
}

const placementTree = lookupsOf<NodeRow>({
  table: 'network_nodes',
  alias: 'n',
  id: 'member_id',
  parent: 'parent_id',
  columns: sql`n.member_id, n.parent_id, n.side, n.depth, n.path::text AS path`,
  atOrBelowHome: sql`n.depth >= h.depth AND substring(n.path FROM 1 FOR h.depth) = substring(h.path FROM 1 FOR h.depth)`,
  noRoot: 'The placement tree has no root: was the company root member created?',
});

const sponsorTree = lookupsOf<SponsorRow>({
  table: 'members',
  alias: 'm',
  id: 'user_id',
  parent: 'sponsor_id',
  columns: sql`m.user_id, m.sponsor_id, m.sponsor_depth, m.sponsor_key::text AS sponsor_key, m.placed`,
  atOrBelowHome: sql`m.sponsor_depth >= h.sponsor_depth AND substring(m.sponsor_key FROM 1 FOR bit_length(h.sponsor_key)) = h.sponsor_key`,
  noRoot: 'The company root member is missing.',
});

export const findNode = placementTree.find;
export const findRootNode = placementTree.root;
/** The node `memberId` when it is `homeId` or below it in the placement tree: a prefix test on the two paths. */
export const findNodeWithin = placementTree.within;

export const findSponsorRow = sponsorTree.find;
export const findCompanyRoot = sponsorTree.root;
/** The member `memberId` when it is `homeId` or anywhere below it in the sponsor tree (a key prefix test). */
export const findSponsorRowWithin = sponsorTree.within;

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
