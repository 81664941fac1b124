import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem';

/**
 * Transactions signed here, recorded by the caller, then broadcast: the
 * caller stores nonce and hash BEFORE `broadcast`, so a crash in between
 * leaves a record that a rerun can look up on chain (`transactionState`)
 * and re-send (`broadcast` of the same bytes is harmless) instead of
 * sending a second transaction.
 */
export interface SignedTx {
  from: Address;
  to: Address;
  nonce: number;
  hash: Hex;
  serialized: Hex;
}

export const TOKEN_TRANSFER_GAS = 100_000n;
export const NATIVE_TRANSFER_GAS = 21_000n;

export async function signTokenTransfer(
  client: PublicClient,
  signer: LocalAccount,
  tx: { token: Address; to: Address; amount: bigint; nonce: number; gasPrice: bigint },
): Promise<SignedTx> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [tx.to, tx.amount] });
  const serialized = await signer.signTransaction({
    chainId: client.chain!.id,
    type: 'legacy',
    nonce: tx.nonce,
    gasPrice: tx.gasPrice,
    gas: TOKEN_TRANSFER_GAS,
    to: tx.token,
    data,
    value: 0n,
  });
  return { from: signer.address, to: tx.to, nonce: tx.nonce, hash: keccak256(serialized), serialized };
}

export async function signNativeTransfer(
  client: PublicClient,
  signer: LocalAccount,
  tx: { to: Address; value: bigint; nonce: number; gasPrice: bigint },
): Promise<SignedTx> {
  const serialized = await signer.signTransaction({
    chainId: client.chain!.id,
    type: 'legacy',
    nonce: tx.nonce,
    gasPrice: tx.gasPrice,
    gas: NATIVE_TRANSFER_GAS,
    to: tx.to,
    value: tx.value,
  });
  return { from: signer.address, to: tx.to, nonce: tx.nonce, hash: keccak256(serialized), serialized };
}

/** Sends signed bytes; a node that already has them is not an error. */
export async function broadcast(client: PublicClient, serialized: Hex): Promise<Hex> {
  const hash = keccak256(serialized);
  try {
    await client.sendRawTransaction({ serializedTransaction: serialized });
  } catch (error) {
    const text = String((error as Error)?.message ?? error).toLowerCase();
    if (!text.includes('already known') && !text.includes('already imported') && !text.includes('nonce too low'))
      throw error;
  }
  return hash;
}

export type TxState = 'pending' | 'success' | 'failed' | 'unknown';

/** Mined (success/failed, with its block), waiting in the pool (pending), or not known to the node. */
export async function transactionState(
  client: PublicClient,
  hash: Hex,
): Promise<{ state: TxState; blockNumber?: bigint }> {
  try {
    const receipt = await client.getTransactionReceipt({ hash });
    return { state: receipt.status === 'success' ? 'success' : 'failed', blockNumber: receipt.blockNumber };
  } catch {
    try {
      await client.getTransaction({ hash });
      return { state: 'pending' };
    } catch {
      return { state: 'unknown' };
    }
  }
}

/** Legacy gas price as the node suggests it (BNB Smart Chain takes legacy transactions). */
export function gasPrice(client: PublicClient): Promise<bigint> {
  return client.getGasPrice();
}
