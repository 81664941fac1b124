import type { NetworkMatch, SponsorNode, SponsorTree, SponsorTreeQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { MATCHES, SEARCH_CANDIDATES } from './limits';
import { findSponsorRow, findSponsorRowWithin, likePrefix, type SponsorRow } from './queries';
import { iso, notInNetwork, sponsorBase } from './viewpoint';
import type { Viewer } from './viewer';

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

/** The sponsor (unilevel) tree from `root` down `depth` levels, children in join order, a page per node. */
export async function sponsorTree(ctx: AppContext, viewer: Viewer, query: SponsorTreeQuery): Promise<SponsorTree> {
  const { db } = ctx;
  const base = await sponsorBase(db, viewer);
  let root = base;
  if (query.root !== undefined && query.root !== base.user_id) {
    const found = viewer.isAdmin
      ? await findSponsorRow(db, query.root)
      : await findSponsorRowWithin(db, query.root, base.user_id);
    if (!found) throw notInNetwork();
    root = found;
  }

  // Children in join order, `limit` per node (one more to know whether there are more).
  const childrenOf = async (parents: number[], after: number) =>
    (
      await db.query<{ parent: number; user_id: number }>(
        sql`SELECT p.id AS parent, c.user_id
           FROM unnest(${parents}::bigint[]) AS p (id)
           CROSS JOIN LATERAL (SELECT user_id FROM members WHERE sponsor_id = p.id AND user_id > ${after}
                                ORDER BY user_id LIMIT ${query.limit + 1}) c
          ORDER BY p.id, c.user_id`,
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
      sql`SELECT m.user_id, m.sponsor_id, m.sponsor_depth, m.direct_count, m.placed, m.joined_at, u.username, u.full_name, pk.name AS package
         FROM members m JOIN users u ON u.id = m.user_id LEFT JOIN packages pk ON pk.id = m.package_id
        WHERE m.user_id = ANY(${[root.user_id, ...shown]}::bigint[])`,
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

  const search = query.search ? await searchSponsorTree(db, base, query.search) : { matches: [], truncated: false };
  return {
    root: toNode(root.user_id),
    nodes: shown.map(toNode),
    upId: root.user_id === base.user_id && !viewer.isAdmin ? null : root.sponsor_id,
    matches: search.matches,
    searchTruncated: search.truncated,
  };
}

/** Usernames starting with `search` in `base`'s sponsor tree: the first candidates by name, kept if inside. */
async function searchSponsorTree(
  db: AppContext['db'],
  base: SponsorRow,
  search: string,
): Promise<{ matches: NetworkMatch[]; truncated: boolean }> {
  const { rows } = await db.query<{
    id: number;
    username: string;
    full_name: string;
    sponsor_depth: number;
    examined: number;
  }>(
    sql`WITH candidates AS (
       SELECT id, username, full_name FROM users
        WHERE lower(username) COLLATE "C" LIKE ${likePrefix(search)} ESCAPE '\\'
        ORDER BY lower(username) COLLATE "C" LIMIT ${SEARCH_CANDIDATES}
     )
     SELECT c.id, c.username, c.full_name, m.sponsor_depth, (SELECT count(*) FROM candidates) AS examined
       FROM candidates c JOIN members m ON m.user_id = c.id
      WHERE m.sponsor_depth > ${base.sponsor_depth}
        AND substring(m.sponsor_key FROM 1 FOR bit_length(${base.sponsor_key}::varbit)) = ${base.sponsor_key}::varbit
      ORDER BY lower(c.username) COLLATE "C" LIMIT ${MATCHES}`,
  );
  const examined = rows[0]?.examined ?? (await countCandidates(db, search));
  return {
    matches: rows.map((r) => ({
      id: r.id,
      username: r.username,
      fullName: r.full_name,
      level: r.sponsor_depth - base.sponsor_depth,
    })),
    truncated: examined >= SEARCH_CANDIDATES,
  };
}

async function countCandidates(db: AppContext['db'], search: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM users WHERE lower(username) COLLATE "C" LIKE ${likePrefix(search)} ESCAPE '\\' LIMIT ${SEARCH_CANDIDATES}) c`,
  );
  return rows[0]!.n;
}
