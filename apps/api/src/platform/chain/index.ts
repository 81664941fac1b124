import type { Address, LocalAccount, PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createChainPublicClient, viemChain } from './clients';
import type { ChainSettings } from './config';
import { createAddressDeriver, createDepositSigner } from './derive';
import { readFinality, type Finality } from './finality';
import { readTokenInfo, type TokenInfo } from './token';

/**
 * The portal's view of its chain, built once at start-up (main.ts, or the
 * test harness when a test opts in) and kept in `ctx.chain`. Nothing here
 * talks to the node on construction: an unreachable node never stops the
 * portal; each use fails on its own and the watcher retries.
 */
export interface Chain {
  settings: Readonly<Omit<ChainSettings, 'depositMnemonic' | 'gasWalletKey' | 'hotWalletKey' | 'treasuryKey'>>;
  chainId: number;
  /** JSON-RPC reads (cacheTime 0, batched). */
  client: PublicClient;
  /** The token's address, decimals and symbol from the chain (read once, then kept); checks the chain id. */
  token(): Promise<TokenInfo>;
  treasuryAddress: Address;
  /** Signs moves from the treasury to the hot wallet; null where the treasury is cold (no TREASURY_KEY). */
  treasuryWallet: LocalAccount | null;
  /** Signs gas top-ups; null when GAS_WALLET_KEY is not configured. */
  gasWallet: LocalAccount | null;
  /** Signs withdrawal payouts; null when HOT_WALLET_KEY is not configured, and in a web process (PORTAL_ROLE=web). */
  hotWallet: LocalAccount | null;
  /**
   * The wallets by address, for everything that only reads (balances, the
   * pages, queueing a payout): the same in a process that holds the keys and
   * in a web process that holds none (docs/decisions/0053-keys-only-where-they-sign.md).
   */
  hotWalletAddress: Address | null;
  gasWalletAddress: Address | null;
  /** The portal holds the treasury's key, in this process or in the one that runs the jobs. */
  treasuryKeyHeld: boolean;
  /** This process holds at least one key: it may sign (never where PORTAL_ROLE=web). */
  signs: boolean;
  /** m/44'/60'/0'/0/<index>, from the extended public key. */
  depositAddress(index: number): Address;
  /** The key of a deposit address; null without DEPOSIT_MNEMONIC (the sweeper's only). */
  depositSigner: ((index: number) => LocalAccount) | null;
  finality(): Promise<Finality>;
  /** Links to CHAIN_EXPLORER_URL, or null without one. */
  explorerTx(hash: string): string | null;
  explorerAddress(address: string): string | null;
}

export function createChain(settings: ChainSettings): Chain {
  const viem = viemChain(settings.chainId, settings.rpcUrl);
  const client = createChainPublicClient(viem, settings.rpcUrl);
  const { depositMnemonic, gasWalletKey, hotWalletKey, treasuryKey, ...visible } = settings;
  const hotWallet = hotWalletKey ? privateKeyToAccount(hotWalletKey) : null;
  const gasWallet = gasWalletKey ? privateKeyToAccount(gasWalletKey) : null;
  let token: TokenInfo | undefined;
  const explorer = settings.explorerUrl;
  return {
    settings: Object.freeze(visible),
    chainId: settings.chainId,
    client,
    async token() {
      if (token) return token;
      const chainId = await client.getChainId();
      if (chainId !== settings.chainId)
        throw new Error(`The node at CHAIN_RPC_URL serves chain ${chainId}, not CHAIN_ID ${settings.chainId}.`);
      token = await readTokenInfo(client, settings.tokenAddress);
      return token;
    },
    treasuryAddress: settings.treasuryAddress,
    treasuryWallet: treasuryKey ? privateKeyToAccount(treasuryKey) : null,
    gasWallet,
    hotWallet,
    hotWalletAddress: hotWallet?.address ?? settings.hotWalletAddress ?? null,
    gasWalletAddress: gasWallet?.address ?? settings.gasWalletAddress ?? null,
    treasuryKeyHeld: !!treasuryKey || !!settings.treasuryKeyHeld,
    signs: !!(depositMnemonic || gasWalletKey || hotWalletKey || treasuryKey),
    depositAddress: createAddressDeriver(settings.depositXpub),
    depositSigner: depositMnemonic ? createDepositSigner(depositMnemonic) : null,
    finality: () => readFinality(client, settings.confirmations),
    explorerTx: (hash) => (explorer ? `${explorer}/tx/${hash}` : null),
    explorerAddress: (address) => (explorer ? `${explorer}/address/${address}` : null),
  };
}

export type { ChainSettings } from './config';
export type { Finality } from './finality';
export type { TokenInfo } from './token';
