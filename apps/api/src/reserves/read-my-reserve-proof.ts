import type { MyReserveProof, ReserveNode } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { FANOUT, NODE_COLUMNS, PROOF_SELECT, toNode, toReserveProof, type NodeRow } from './proof-rows';

/** A bucket's leaves (build-reserve-proof.ts): `members` in order, and their nodes' parts, five fields each. */
function parseLeaves(members: string[], parts: string) {
  const fields = parts.split('|');
  return members.map((memberId, i) => {
    const [hash, deposit, income, withdrawing, points] = fields.slice(i * 5, i * 5 + 5) as [string, ...string[]];
    return { memberId: Number(memberId), node: { hash, deposit, income, withdrawing, points } as ReserveNode };
  });
}

/**
 * `/api/reserves/mine`: the member's inclusion proof in the latest proof of reserves, with their own salt and
 * balances; of everyone else only hashes and sums. Their bucket (found from their salt) is the first step; each
 * step above holds the children of the node the path goes through, read in one statement.
 */
export async function readMyReserveProof(db: Sql, memberId: number): Promise<MyReserveProof> {
  const latest = await db.query<Parameters<typeof toReserveProof>[0]>(sql`${PROOF_SELECT} ORDER BY id DESC LIMIT 1`);
  if (!latest.rows[0]) return { state: 'none' };
  const proof = toReserveProof(latest.rows[0]);
  const { rows } = await db.query<{
    salt: string;
    position: number | null;
    members: string[] | null;
    parts: string | null;
    top: number;
  }>(
    sql`SELECT encode(s.salt, 'hex') AS salt, b.position, b.members::text[] AS members, b.parts,
               (SELECT max(level) FROM reserve_proof_nodes WHERE proof_id = p.id) AS top
          FROM reserve_proofs p
          CROSS JOIN LATERAL (SELECT reserve_salt(p.salt_seed, ${memberId}) AS salt) s
          LEFT JOIN reserve_proof_buckets b ON b.proof_id = p.id AND b.bucket = reserve_bucket(s.salt, p.bucket_bits)
         WHERE p.id = ${proof.id}`,
  );
  const found = rows[0]!;
  const leaves = found.members === null || found.parts === null ? [] : parseLeaves(found.members, found.parts);
  const index = leaves.findIndex((leaf) => leaf.memberId === memberId);
  if (index < 0 || found.position === null) return { state: 'not-included', proof };
  const own = leaves[index]!.node;
  const path = [
    { index, children: leaves.map((leaf) => leaf.node) },
    ...(await stepsAbove(db, proof.id, found.position, found.top)),
  ];
  return {
    state: 'included',
    inclusion: {
      proof,
      leaf: {
        memberId,
        salt: found.salt,
        deposit: own.deposit,
        income: own.income,
        withdrawing: own.withdrawing,
        points: own.points,
      },
      path,
    },
  };
}

/** From level 1 (the bucket's node at `position`) to the level below the root: the children of each node on the way. */
async function stepsAbove(db: Sql, proofId: number, position: number, top: number) {
  const levels: number[] = [];
  const firsts: number[] = [];
  const indexes: number[] = [];
  for (let level = 1, at = position; level < top; level++, at = Math.floor(at / FANOUT)) {
    levels.push(level);
    firsts.push(at - (at % FANOUT));
    indexes.push(at % FANOUT);
  }
  if (!levels.length) return [];
  const { rows } = await db.query<NodeRow>(
    sql`SELECT ${NODE_COLUMNS} FROM unnest(${levels}::int[], ${firsts}::int[]) AS s(at_level, first)
          JOIN reserve_proof_nodes n ON n.proof_id = ${proofId} AND n.level = s.at_level
                                    AND n.position BETWEEN s.first AND s.first + ${FANOUT - 1}
         ORDER BY n.level, n.position`,
  );
  return levels.map((level, i) => ({
    index: indexes[i]!,
    children: rows.filter((row) => row.level === level).map(toNode),
  }));
}
