import { randomBytes } from 'node:crypto';
import { reserveProofMessage, type ReserveProof } from '@portal/contract';
import type { Actor } from '../audit/write-audit';
import { writeAudit } from '../audit/write-audit';
import type { AppContext } from '../context';
import { readHoldings } from '../deposits/wallets';
import { fromChain } from '../deposits/require-chain';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { conflict } from '../shared/errors';
import { FANOUT, readProof, rootOf, type HeldRow } from './proof-rows';

/** About this many leaves per bucket: a bucket is one row, and a member's first step up the tree. */
const LEAVES_PER_BUCKET = 16;

/** The fewest bits whose buckets hold about `LEAVES_PER_BUCKET` leaves each. */
const bucketBits = (members: number) => Math.min(24, Math.max(0, Math.ceil(Math.log2(members / LEAVES_PER_BUCKET))));

/** Who publishes: the job after a close, or an admin. */
export type Publisher = { closeDate: string } | { actor: Actor };

/**
 * Takes a proof of reserves and liabilities (docs/decisions/0064-proof-of-reserves.md): what the portal holds
 * on chain, then every member's balances as leaves of a Merkle sum tree built in the database, its root signed
 * by the hot wallet where this process holds its key. Answers null when the close already has its proof (one
 * per close, whichever process builds it). The tree of the proof before is dropped: members download the latest.
 */
export async function buildReserveProof(ctx: AppContext, by: Publisher): Promise<ReserveProof | null> {
  const held = await readHeld(ctx);
  return ctx.db.transaction(async (tx) => {
    if (ctx.db.kind === 'postgres') await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.reserveProof})`);
    if ('closeDate' in by) {
      const taken = await tx.query(sql`SELECT 1 FROM reserve_proofs WHERE close_date = ${by.closeDate}::date`);
      if (taken.rows.length) return null;
    }
    const id = await startProof(tx, by, held, ctx.now());
    const levels = await buildTree(tx, id);
    const root = await rootOf(tx, id, levels);
    const proof = await readProof(tx, id);
    const message = reserveProofMessage({ ...proof, root });
    const signer = ctx.chain?.hotWallet ?? null;
    const signature = signer ? await signer.signMessage({ message }) : null;
    await tx.query(
      sql`UPDATE reserve_proofs SET root = decode(${root.hash}, 'hex'), deposit = ${root.deposit}::numeric,
            income = ${root.income}::numeric, withdrawing = ${root.withdrawing}::numeric, points = ${root.points}::numeric,
            message = ${message}, signer = ${signer?.address ?? null}, signature = ${signature}
          WHERE id = ${id}`,
    );
    await tx.query(sql`DELETE FROM reserve_proof_buckets WHERE proof_id < ${id}`);
    await tx.query(sql`DELETE FROM reserve_proof_nodes WHERE proof_id < ${id}`);
    if ('actor' in by)
      await writeAudit(tx, { actor: by.actor, action: 'reserves.publish', targetType: 'reserve_proof', targetId: id });
    return readProof(tx, id);
  });
}

/** What the portal's addresses hold, in the ledger's base units; null for a portal without a chain. */
async function readHeld(ctx: AppContext): Promise<HeldRow | null> {
  const chain = ctx.chain;
  if (!chain) return null;
  const { rows } = await ctx.db.query<{ issued: number }>(sql`SELECT count(*)::int AS issued FROM deposit_addresses`);
  const holdings = await fromChain(chain, async () =>
    readHoldings(ctx, chain, (await chain.token()).decimals, rows[0]!.issued),
  );
  return {
    treasury: holdings.treasury.toString(),
    hotWallet: holdings.hot.toString(),
    depositAddresses: holdings.depositAddresses.toString(),
    block: holdings.block.toString(),
  };
}

/** The proof's row, its root and totals filled in once the tree is built. */
async function startProof(tx: Sql, by: Publisher, held: HeldRow | null, now: Date): Promise<number> {
  const { rows: counted } = await tx.query<{ members: number }>(sql`SELECT count(*)::int AS members FROM members`);
  const members = counted[0]!.members;
  if (members === 0) throw conflict('RESERVES_NO_MEMBERS', 'There is no member yet: a proof of reserves needs one.');
  const { rows } = await tx.query<{ id: number }>(
    sql`INSERT INTO reserve_proofs (close_date, published_by, taken_at, members, bucket_bits, root, deposit, income,
                                    withdrawing, points, held, message, salt_seed)
        VALUES (${'closeDate' in by ? by.closeDate : null}::date, ${'actor' in by ? by.actor.userId : null},
                ${now.toISOString()}::timestamptz, ${members}, ${bucketBits(members)}, '\\x', 0, 0, 0, 0,
                ${held ? JSON.stringify(held) : null}::jsonb, '', decode(${randomBytes(32).toString('hex')}, 'hex'))
        RETURNING id`,
  );
  return rows[0]!.id;
}

/**
 * The tree, in the database: in one statement (one snapshot of the books) every member's leaf, the buckets
 * (the leaves of one bucket in their salts' order: whose they are, and the text their node hashes, kept for the
 * members' paths) and level 1, one node per bucket; then each level above, up to 16 children a node, until one node is left. Answers the root's level.
 */
async function buildTree(tx: Sql, id: number): Promise<number> {
  // The sorts and the wallets' grouping of a million members in memory rather than on disk: once a close.
  await tx.query(sql`SET LOCAL work_mem = '256MB'`);
  const { rows } = await tx.query<{ buckets: number; members: number }>(
    sql`WITH wallets AS (
          SELECT owner_id,
                 sum(balance) FILTER (WHERE wallet = 'deposit') AS deposit,
                 sum(balance) FILTER (WHERE wallet = 'income') AS income,
                 sum(balance) FILTER (WHERE wallet = 'points') AS points
            FROM ledger_accounts WHERE kind = 'member' GROUP BY owner_id
        ), withdrawing AS (
          -- Taken from the wallet, not paid yet (withdrawals/lifecycle.ts): what withdrawals_in_flight holds.
          SELECT user_id, sum(amount) AS amount FROM withdrawals WHERE status IN ('pending', 'approved', 'failed') GROUP BY user_id
        ), owed AS MATERIALIZED (
          -- Materialized: each salt hashed once, not again wherever the inlined functions below name it.
          SELECT m.user_id AS member_id, reserve_salt(p.salt_seed, m.user_id) AS salt, p.bucket_bits,
                 COALESCE(w.deposit, 0) AS deposit, COALESCE(w.income, 0) AS income,
                 COALESCE(o.amount, 0) AS withdrawing, COALESCE(w.points, 0) AS points
            FROM members m
            CROSS JOIN (SELECT salt_seed, bucket_bits FROM reserve_proofs WHERE id = ${id}) p
            LEFT JOIN wallets w ON w.owner_id = m.user_id
            LEFT JOIN withdrawing o ON o.user_id = m.user_id
        ), leaves AS (
          SELECT member_id, salt, deposit, income, withdrawing, points, reserve_bucket(salt, bucket_bits) AS bucket,
                 reserve_node_part(reserve_leaf_hash(salt, member_id, deposit, income, withdrawing, points),
                                   deposit, income, withdrawing, points) AS part
            FROM owed
        ), grouped AS (
          SELECT bucket, row_number() OVER (ORDER BY bucket) - 1 AS position,
                 array_agg(member_id ORDER BY salt) AS members, string_agg(part, '|' ORDER BY salt) AS parts,
                 sum(deposit) AS deposit, sum(income) AS income, sum(withdrawing) AS withdrawing, sum(points) AS points
            FROM leaves GROUP BY bucket
        ), kept AS (
          INSERT INTO reserve_proof_buckets (proof_id, bucket, position, members, parts)
          SELECT ${id}, bucket, position, members, parts FROM grouped
        ), level_one AS (
          INSERT INTO reserve_proof_nodes (proof_id, level, position, hash, deposit, income, withdrawing, points)
          SELECT ${id}, 1, position, sha256(convert_to('node|' || parts, 'UTF8')), deposit, income, withdrawing, points
            FROM grouped
        )
        SELECT count(*)::int AS buckets, COALESCE(sum(cardinality(members)), 0)::int AS members FROM grouped`,
  );
  await tx.query(sql`UPDATE reserve_proofs SET members = ${rows[0]!.members} WHERE id = ${id}`);
  // One literal in both places: PostgreSQL matches the grouped expression only if it is the same text.
  const fanout = sql.raw(String(FANOUT));
  let level = 1;
  for (let nodes = rows[0]!.buckets; nodes > 1; nodes = Math.ceil(nodes / FANOUT), level++) {
    await tx.query(
      sql`INSERT INTO reserve_proof_nodes (proof_id, level, position, hash, deposit, income, withdrawing, points)
          SELECT proof_id, level + 1, position / ${fanout},
                 sha256(convert_to('node|' || string_agg(reserve_node_part(hash, deposit, income, withdrawing, points), '|' ORDER BY position), 'UTF8')),
                 sum(deposit), sum(income), sum(withdrawing), sum(points)
            FROM reserve_proof_nodes WHERE proof_id = ${id} AND level = ${level}
           GROUP BY proof_id, level, position / ${fanout}`,
    );
  }
  return level;
}
