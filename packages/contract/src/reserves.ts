import { z } from 'zod';
import { moneySchema } from './money';

/**
 * Proof of reserves and liabilities (docs/decisions/0064-proof-of-reserves.md): a Merkle sum tree over every
 * member's balances, its root published with what the portal holds on chain and signed by the hot wallet. The
 * tree's texts below are what is hashed (SHA-256); the database builds the same ones
 * (apps/api/sql/functions/reserve_leaf_hash.sql, reserve_node_part.sql), and a member's browser or
 * scripts/verify-reserve-proof.ts checks an inclusion proof with `verifyInclusion`.
 */

/** A whole number of base units (18 decimals for USDT and points), as the tree hashes it: "1500000000000000000" is 1.5. */
const baseUnitsSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/)
  .meta({ description: 'Base units (18 decimals), as hashed', example: '1500000000000000000' });

/** What a leaf holds and each node sums, in base units. */
export const reserveSumsSchema = z.object({
  deposit: baseUnitsSchema,
  income: baseUnitsSchema,
  /** Withdrawals asked for and not paid yet: taken from the wallet, still owed. */
  withdrawing: baseUnitsSchema,
  points: baseUnitsSchema,
});
export type ReserveSums = z.infer<typeof reserveSumsSchema>;

const hashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .meta({ description: 'SHA-256, hex' });

export const reserveNodeSchema = reserveSumsSchema.extend({ hash: hashSchema });
export type ReserveNode = z.infer<typeof reserveNodeSchema>;

/** One published proof: the root and totals, what was held on chain, the signed message. */
export const reserveProofSchema = z.object({
  id: z.number().int(),
  /** The close it was taken after; null when an admin published it. */
  closeDate: z.string().nullable(),
  takenAt: z.string(),
  members: z.number().int(),
  root: reserveNodeSchema,
  /** The totals owed to members, as amounts. */
  owed: z.object({
    deposit: moneySchema,
    income: moneySchema,
    withdrawing: moneySchema,
    /** USDT: deposit + income + withdrawing. */
    total: moneySchema,
    points: moneySchema,
  }),
  /** The USDT on the portal's addresses when the proof was taken; null when the chain was not read. */
  held: z
    .object({
      treasury: moneySchema,
      hotWallet: moneySchema,
      depositAddresses: moneySchema,
      total: moneySchema,
      block: z.string(),
    })
    .nullable(),
  /** Held on chain over USDT owed (4 decimals, rounded down); null when not read or nothing is owed. */
  coverage: z.string().nullable(),
  /** The text the hot wallet signed (`reserveProofMessage`). */
  message: z.string(),
  /** The hot wallet's address and its personal-sign signature of `message`; null when the portal has no hot wallet key. */
  signer: z.string().nullable(),
  signature: z.string().nullable(),
});
export type ReserveProof = z.infer<typeof reserveProofSchema>;

/** `/api/reserves`: the latest proof and the earlier ones (newest first, 30 at most). */
export const reservesSchema = z.object({
  latest: reserveProofSchema.nullable(),
  earlier: z.array(reserveProofSchema),
});
export type Reserves = z.infer<typeof reservesSchema>;

/** A member's leaf: their own salt and balances. */
export const reserveLeafSchema = reserveSumsSchema.extend({
  memberId: z.number().int(),
  salt: hashSchema,
});
export type ReserveLeaf = z.infer<typeof reserveLeafSchema>;

/** One step up the tree: the children of the node above, and which of them the path came through. */
export const reservePathStepSchema = z.object({
  index: z.number().int(),
  children: z.array(reserveNodeSchema),
});

/** Everything needed to check that a member's balances are in a published root, and nothing about anyone else but hashes and sums. */
export const inclusionProofSchema = z.object({
  proof: reserveProofSchema,
  leaf: reserveLeafSchema,
  /** From the leaf's bucket up to the root's children. */
  path: z.array(reservePathStepSchema),
});
export type InclusionProof = z.infer<typeof inclusionProofSchema>;

/** `/api/reserves/mine`: the member's inclusion in the latest proof, or why there is none. */
export const myReserveProofSchema = z.discriminatedUnion('state', [
  /** No proof published yet: the first follows the next daily close. */
  z.object({ state: z.literal('none') }),
  /** The member joined after the latest proof was taken. */
  z.object({ state: z.literal('not-included'), proof: reserveProofSchema }),
  z.object({ state: z.literal('included'), inclusion: inclusionProofSchema }),
]);
export type MyReserveProof = z.infer<typeof myReserveProofSchema>;

const sumsText = (s: ReserveSums) => [s.deposit, s.income, s.withdrawing, s.points].join('|');

/** The text a leaf's hash is taken of (reserve_leaf_hash.sql). */
export const reserveLeafText = (leaf: ReserveLeaf): string => `leaf|${leaf.salt}|${leaf.memberId}|${sumsText(leaf)}`;

/** The text a node's hash is taken of: its children's hashes and sums, in order (reserve_node_part.sql). */
export const reserveNodeText = (children: readonly ReserveNode[]): string =>
  ['node', ...children.map((c) => `${c.hash}|${sumsText(c)}`)].join('|');

/** The USDT owed, in base units. */
export const owedUsdt = (s: ReserveSums): bigint => BigInt(s.deposit) + BigInt(s.income) + BigInt(s.withdrawing);

const SUM_KEYS = ['deposit', 'income', 'withdrawing', 'points'] as const;
const WHOLE = /^(0|[1-9][0-9]*)$/;

/** What the hot wallet signs: every figure of the proof a member checks, so that none can change after signing. */
export function reserveProofMessage(p: {
  id: number;
  takenAt: string;
  members: number;
  root: ReserveNode;
  held: { treasury: string; hotWallet: string; depositAddresses: string; block: string } | null;
}): string {
  return [
    'Proof of reserves and liabilities',
    `Proof: ${p.id}`,
    `Taken at: ${p.takenAt}`,
    `Members: ${p.members}`,
    `Root: ${p.root.hash}`,
    `Owed in base units (18 decimals): deposit ${p.root.deposit}, income ${p.root.income}, withdrawing ${p.root.withdrawing}, points ${p.root.points}`,
    p.held
      ? `Held on chain in USDT: treasury ${p.held.treasury}, hot wallet ${p.held.hotWallet}, deposit addresses ${p.held.depositAddresses}, at block ${p.held.block}`
      : 'Held on chain: not read',
  ].join('\n');
}

/** SHA-256 of a UTF-8 text, as hex: WebCrypto in a browser, node:crypto in a script. */
export type Sha256Hex = (text: string) => Promise<string>;

export type InclusionCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks that `inclusion.leaf` is in the tree whose root `inclusion.proof` publishes: each step's child on the
 * path is the node computed below, no child's sum is negative, and the last node computed is the root, hash
 * and sums. It also checks the signed message states this root. The signature itself is checked by the caller
 * (it needs secp256k1: viem's `verifyMessage`).
 */
export async function verifyInclusion(inclusion: InclusionProof, sha256: Sha256Hex): Promise<InclusionCheck> {
  const { proof, leaf, path } = inclusion;
  let node: ReserveNode = { ...pickSums(leaf), hash: await sha256(reserveLeafText(leaf)) };
  for (const [level, step] of path.entries()) {
    if (step.children.some((c) => SUM_KEYS.some((key) => !WHOLE.test(c[key]))))
      return {
        ok: false,
        reason: `Step ${level + 1} has a sum that is not a whole number of base units at or above zero.`,
      };
    const child = step.children[step.index];
    if (!child || !sameNode(child, node))
      return { ok: false, reason: `Step ${level + 1} does not contain the node computed below it.` };
    const sums = Object.fromEntries(
      SUM_KEYS.map((key) => [key, step.children.reduce((total, c) => total + BigInt(c[key]), 0n).toString()]),
    ) as ReserveSums;
    node = { ...sums, hash: await sha256(reserveNodeText(step.children)) };
  }
  if (!sameNode(node, proof.root))
    return { ok: false, reason: 'The path does not lead to the published root: its hash or its totals differ.' };
  if (proof.message !== reserveProofMessage(proof))
    return { ok: false, reason: 'The signed message does not state this proof’s root and totals.' };
  return { ok: true };
}

const pickSums = (s: ReserveSums): ReserveSums => ({
  deposit: s.deposit,
  income: s.income,
  withdrawing: s.withdrawing,
  points: s.points,
});

const sameNode = (a: ReserveNode, b: ReserveNode) => a.hash === b.hash && SUM_KEYS.every((key) => a[key] === b[key]);
