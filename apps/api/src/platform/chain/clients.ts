import { createPublicClient, defineChain, http, type Chain as ViemChain, type PublicClient } from 'viem';

/**
 * viem clients for one chain. The public client sets `cacheTime: 0`: with
 * viem's default cache a poller saw a stale block number. Concurrent calls
 * go out as one JSON-RPC batch (balances of a page of addresses are one
 * HTTP request, not one per address).
 */
export function viemChain(chainId: number, rpcUrl: string): ViemChain {
  return defineChain({
    id: chainId,
    name: chainId === 56 ? 'BNB Smart Chain' : chainId === 97 ? 'BNB Smart Chain Testnet' : `EVM chain ${chainId}`,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export function createChainPublicClient(chain: ViemChain, rpcUrl: string): PublicClient {
  return createPublicClient({
    chain,
    cacheTime: 0,
    pollingInterval: 1_000,
    transport: http(rpcUrl, { batch: { batchSize: 200, wait: 0 }, timeout: 15_000, retryCount: 0 }),
  });
}
