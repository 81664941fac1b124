import { createHash } from 'node:crypto';
import {
  reserveLeafText,
  reserveNodeText,
  type InclusionProof,
  type ReserveNode,
  type ReserveSums,
} from '@portal/contract';
import type { Database } from '../../src/platform/db/database';
import { sql } from '../../src/platform/db/sql';

/** SHA-256 of a text, hex: what a member's script checks with (scripts/verify-reserve-proof.ts). */
export const sha256 = async (text: string) => createHash('sha256').update(text).digest('hex');

const SUMS = ['deposit', 'income', 'withdrawing', 'points'] as const;

function parentOf(children: ReserveNode[]): ReserveNode {
  const sums = Object.fromEntries(
    SUMS.map((key) => [key, children.reduce((total, c) => total + BigInt(c[key]), 0n).toString()]),
  ) as ReserveSums;
  return { ...sums, hash: createHash('sha256').update(reserveNodeText(children)).digest('hex') };
}

/**
 * The proof's root computed again, in TypeScript, from the books as they are now (nothing may have moved since
 * the proof): each member's balances from their wallets and unpaid withdrawals, their salt from the proof's
 * seed (SHA-256 of the seed and the id as 8 bytes, big-endian), their bucket from the salt's first bits, the
 * buckets' leaves in salt order, then nodes of 16 up to one. An oracle for the tree the database builds.
 */
export async function rootFromTheBooks(db: Database, proofId: number): Promise<ReserveNode> {
  const { rows: proof } = await db.query<{ seed: string; bits: number }>(
    sql`SELECT encode(salt_seed, 'hex') AS seed, bucket_bits AS bits FROM reserve_proofs WHERE id = ${proofId}`,
  );
  const { seed, bits } = proof[0]!;
  const { rows } = await db.query<ReserveSums & { member_id: string }>(
    sql`SELECT m.user_id::text AS member_id,
               (SELECT COALESCE(sum(balance), 0) FROM ledger_accounts WHERE owner_id = m.user_id AND wallet = 'deposit')::text AS deposit,
               (SELECT COALESCE(sum(balance), 0) FROM ledger_accounts WHERE owner_id = m.user_id AND wallet = 'income')::text AS income,
               (SELECT COALESCE(sum(amount), 0) FROM withdrawals WHERE user_id = m.user_id AND status IN ('pending', 'approved', 'failed'))::text AS withdrawing,
               (SELECT COALESCE(sum(balance), 0) FROM ledger_accounts WHERE owner_id = m.user_id AND wallet = 'points')::text AS points
          FROM members m`,
  );
  const buckets = new Map<number, Array<{ salt: string; node: ReserveNode }>>();
  for (const row of rows) {
    const id = Buffer.alloc(8);
    id.writeBigInt64BE(BigInt(row.member_id));
    const salt = createHash('sha256')
      .update(Buffer.concat([Buffer.from(seed, 'hex'), id]))
      .digest('hex');
    const leaf = { memberId: Number(row.member_id), salt, ...pick(row) };
    const bucket = parseInt(salt.slice(0, 6), 16) >> (24 - bits);
    const node = { ...pick(row), hash: await sha256(reserveLeafText(leaf)) };
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), { salt, node }]);
  }
  let level = [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, leaves]) => parentOf(leaves.sort((a, b) => (a.salt < b.salt ? -1 : 1)).map((leaf) => leaf.node)));
  while (level.length > 1) {
    const next: ReserveNode[] = [];
    for (let i = 0; i < level.length; i += 16) next.push(parentOf(level.slice(i, i + 16)));
    level = next;
  }
  return level[0]!;
}

const pick = (s: ReserveSums): ReserveSums => ({
  deposit: s.deposit,
  income: s.income,
  withdrawing: s.withdrawing,
  points: s.points,
});

/** The inclusion with one figure changed by one base unit. */
export function tampered(inclusion: InclusionProof, change: (copy: InclusionProof) => void): InclusionProof {
  const copy = structuredClone(inclusion);
  change(copy);
  return copy;
}
