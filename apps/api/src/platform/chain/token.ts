import { erc20Abi, type Address, type PublicClient } from 'viem';

export interface TokenInfo {
  address: Address;
  decimals: number;
  symbol: string;
}

/** Decimals and symbol as the token contract states them (never assumed). */
export async function readTokenInfo(client: PublicClient, address: Address): Promise<TokenInfo> {
  const [decimals, symbol] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
    client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
  ]);
  if (decimals > 18) throw new Error(`The token at ${address} has ${decimals} decimals; the ledger keeps 18 at most.`);
  return { address, decimals, symbol };
}

/**
 * The ledger keeps USDT in 18-decimal base units; a token with fewer decimals
 * is scaled. Chain → ledger is exact; ledger → chain refuses a remainder.
 */
export function toLedgerUnits(raw: bigint, decimals: number): bigint {
  return raw * 10n ** BigInt(18 - decimals);
}

export function toTokenUnits(ledger: bigint, decimals: number): bigint {
  const scale = 10n ** BigInt(18 - decimals);
  if (ledger % scale !== 0n) throw new Error(`The amount has more than the token's ${decimals} decimals.`);
  return ledger / scale;
}

/**
 * Token balances of many addresses: one batched JSON-RPC request (see
 * clients.ts), at `blockNumber` when given (else the head). Callers with
 * more than a page of addresses go through them in chunks.
 */
export async function tokenBalances(
  client: PublicClient,
  token: Address,
  owners: readonly Address[],
  blockNumber?: bigint,
): Promise<bigint[]> {
  return Promise.all(
    owners.map((owner) =>
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
        ...(blockNumber !== undefined ? { blockNumber } : {}),
      }),
    ),
  );
}

/** Native (BNB) balances of many addresses, batched the same way. */
export async function nativeBalances(client: PublicClient, owners: readonly Address[]): Promise<bigint[]> {
  return Promise.all(owners.map((address) => client.getBalance({ address })));
}
