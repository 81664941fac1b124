import type { PublicClient } from 'viem';

export interface Finality {
  /** The node's head. */
  latest: bigint;
  /** The highest block that is final: nothing at or below it is credited twice or reorganised away. */
  final: bigint;
  /** Where `final` came from: the node's `finalized` tag, or CHAIN_CONFIRMATIONS. */
  source: 'finalized' | 'confirmations';
  /** Confirmations a block needs right now to be final (latest - final + 1). */
  needed: number;
}

/** `finalized` further behind `latest` than this counts as stalled (and confirmations decide). */
export function stallLimit(confirmations: number): bigint {
  return BigInt(Math.max(confirmations * 10, 200));
}

/**
 * Final is the node's `finalized` block (BNB Smart Chain's fast finality,
 * anvil with --slots-in-an-epoch 1); where the node has none, or it stalls
 * far behind the head, a block is final once it has `confirmations`
 * confirmations (the head counts as one).
 */
export async function readFinality(client: PublicClient, confirmations: number): Promise<Finality> {
  const [latest, finalized] = await Promise.all([
    client.getBlockNumber({ cacheTime: 0 }),
    client.getBlock({ blockTag: 'finalized' }).then(
      (block) => block.number,
      () => null,
    ),
  ]);
  const byConfirmations = latest - BigInt(confirmations) + 1n;
  let final: bigint;
  let source: Finality['source'];
  if (finalized !== null && finalized !== undefined && latest - finalized <= stallLimit(confirmations)) {
    final = finalized > latest ? latest : finalized;
    source = 'finalized';
  } else {
    final = finalized != null && finalized > byConfirmations ? finalized : byConfirmations;
    source = 'confirmations';
  }
  if (final < 0n) final = -1n;
  return { latest, final, source, needed: Number(latest - final + 1n) };
}

/** The widest block range of logs read at once (public BSC nodes refuse wider): the deposit watcher's and the restore check's. */
export const MAX_RANGE = 2_000n;
