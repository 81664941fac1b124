import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * The chain settings from the environment (README "Chain"). With no
 * CHAIN_RPC_URL the portal starts its embedded chain (`embedded.ts`), which
 * makes its own keys; with one, everything else the watcher needs must be
 * given. Secrets (DEPOSIT_MNEMONIC, GAS_WALLET_KEY, HOT_WALLET_KEY, TREASURY_KEY) live only
 * in this object: never in the database, a log line, an error or an answer.
 */
export interface ChainEnv {
  /** Unset: the embedded chain. */
  rpcUrl?: string;
  chainId?: number;
  tokenAddress?: Address;
  depositXpub?: string;
  depositMnemonic?: string;
  treasuryAddress?: Address;
  gasWalletKey?: Hex;
  hotWalletKey?: Hex;
  /** Optional: lets an admin move USDT from the treasury to the hot wallet (deposits/move-from-treasury.ts). */
  treasuryKey?: Hex;
  /** Used only where the node has no `finalized` block, or it stalls. */
  confirmations: number;
  pollMs: number;
  explorerUrl?: string;
  /** The first block the deposit watcher reads; unset: the final block when it first runs (0 on the embedded chain). */
  startBlock?: number;
  /** A web process's view of the wallets whose keys only the job process holds (PORTAL_ROLE=web, docs/operations.md). */
  hotWalletAddress?: Address;
  gasWalletAddress?: Address;
  /** PORTAL_ROLE=web: the job process holds TREASURY_KEY (the treasury is hot), so admins may ask for moves from it. */
  treasuryKeyHeld: boolean;
}

/** A chain to talk to: the environment's, or the embedded one once started. */
export interface ChainSettings {
  rpcUrl: string;
  chainId: number;
  tokenAddress: Address;
  /** Extended public key of m/44'/60'/0'/0: deposit addresses are its children. */
  depositXpub: string;
  /** Only where sweeps sign (consolidation); the watcher needs the xpub alone. */
  depositMnemonic?: string;
  treasuryAddress: Address;
  gasWalletKey?: Hex;
  hotWalletKey?: Hex;
  /** The treasury's key where the portal holds it (the embedded chain, or TREASURY_KEY); without it the treasury is cold. */
  treasuryKey?: Hex;
  confirmations: number;
  pollMs: number;
  explorerUrl?: string;
  startBlock?: number;
  /** Where this process holds no key (PORTAL_ROLE=web): the wallets' addresses, and whether the job process holds the treasury's key. */
  hotWalletAddress?: Address;
  gasWalletAddress?: Address;
  treasuryKeyHeld?: boolean;
  /** True for the chain `npm start` runs itself. */
  embedded: boolean;
}

export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'/0";

type Env = Record<string, string | undefined>;
type Problem = [variable: string, message: string];

const KEY = /^0x[0-9a-fA-F]{64}$/;

/** The variables that hold keys: only a process that signs reads them (PORTAL_ROLE, docs/operations.md). */
export const KEY_VARIABLES = ['DEPOSIT_MNEMONIC', 'GAS_WALLET_KEY', 'HOT_WALLET_KEY', 'TREASURY_KEY'] as const;

/**
 * Reads the chain variables; returns the problems, each naming its variable.
 * A web process (`web`) serves watch-only: it refuses every key, and knows
 * the wallets by address (HOT_WALLET_ADDRESS, GAS_WALLET_ADDRESS).
 */
export function parseChainEnv(env: Env, web = false): { value?: ChainEnv; problems: Problem[] } {
  const problems: Problem[] = [];
  const { int, address, key } = envReaders(env, problems);
  const { rpcUrl, explorerUrl } = readUrls(env, problems);
  const { depositXpub, depositMnemonic } = readDepositKeys(env, problems);

  const value: ChainEnv = {
    rpcUrl,
    chainId: int('CHAIN_ID', undefined, 1, 2 ** 32),
    tokenAddress: address('TOKEN_ADDRESS'),
    depositXpub,
    depositMnemonic,
    treasuryAddress: address('TREASURY_ADDRESS'),
    gasWalletKey: key('GAS_WALLET_KEY'),
    hotWalletKey: key('HOT_WALLET_KEY'),
    treasuryKey: key('TREASURY_KEY'),
    confirmations: int('CHAIN_CONFIRMATIONS', 15, 1, 10_000)!,
    pollMs: int('CHAIN_POLL_MS', 1_000, 50, 600_000)!,
    explorerUrl: explorerUrl?.replace(/\/$/, ''),
    startBlock: int('CHAIN_START_BLOCK', undefined, 0, Number.MAX_SAFE_INTEGER),
    hotWalletAddress: address('HOT_WALLET_ADDRESS'),
    gasWalletAddress: address('GAS_WALLET_ADDRESS'),
    treasuryKeyHeld: env.TREASURY_KEY_HELD === 'true',
  };
  checkRole(env, web, problems);
  checkKeysMatchAddresses(value, problems);
  checkWhatTheChainNeeds(env, value, problems);
  return { value: problems.length ? undefined : value, problems };
}

/** Readers of one variable each: a bad value is a problem named by its variable, and reads as the fallback. */
function envReaders(env: Env, problems: Problem[]) {
  const int = (name: string, fallback: number | undefined, min: number, max: number): number | undefined => {
    const text = env[name];
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push([name, `must be a whole number from ${min} to ${max}`]);
      return fallback;
    }
    return n;
  };
  const address = (name: string): Address | undefined => {
    const text = env[name];
    if (text === undefined) return undefined;
    if (!isAddress(text, { strict: false })) {
      problems.push([name, 'must be an address: 0x followed by 40 hexadecimal digits']);
      return undefined;
    }
    return getAddress(text);
  };
  const key = (name: string): Hex | undefined => {
    const text = env[name];
    if (text === undefined) return undefined;
    // The value itself is never repeated in a message.
    if (!KEY.test(text)) {
      problems.push([name, 'must be a private key: 0x followed by 64 hexadecimal digits']);
      return undefined;
    }
    return text as Hex;
  };
  return { int, address, key };
}

function readUrls(env: Env, problems: Problem[]) {
  const rpcUrl = env.CHAIN_RPC_URL;
  if (rpcUrl !== undefined && !/^(https?|wss?):\/\/\S+$/.test(rpcUrl))
    problems.push(['CHAIN_RPC_URL', 'must be an http(s):// or ws(s):// URL']);
  const explorerUrl = env.CHAIN_EXPLORER_URL;
  if (explorerUrl !== undefined && !/^https?:\/\/\S+$/.test(explorerUrl))
    problems.push(['CHAIN_EXPLORER_URL', 'must be an http(s):// URL']);
  return { rpcUrl, explorerUrl };
}

/** The deposit addresses' key: an xpub of the account, a mnemonic, or both when they belong together. */
function readDepositKeys(env: Env, problems: Problem[]) {
  const depositXpub = env.DEPOSIT_XPUB;
  if (depositXpub !== undefined) {
    try {
      const node = HDKey.fromExtendedKey(depositXpub);
      if (node.privateKey) problems.push(['DEPOSIT_XPUB', 'must be an extended public key (xpub…), not a private one']);
      else if (node.depth !== 4)
        problems.push(['DEPOSIT_XPUB', `must be the extended public key of ${DEPOSIT_ACCOUNT_PATH} (depth 4)`]);
    } catch {
      problems.push(['DEPOSIT_XPUB', 'is not a valid extended public key']);
    }
  }
  const depositMnemonic = env.DEPOSIT_MNEMONIC?.trim().replace(/\s+/g, ' ');
  if (depositMnemonic !== undefined && !validateMnemonic(depositMnemonic, wordlist)) {
    problems.push(['DEPOSIT_MNEMONIC', 'is not a valid BIP39 English mnemonic']);
  }
  if (depositMnemonic && depositXpub && problems.every(([name]) => !name.startsWith('DEPOSIT_'))) {
    if (xpubFromMnemonic(depositMnemonic) !== depositXpub)
      problems.push(['DEPOSIT_XPUB', 'does not belong to DEPOSIT_MNEMONIC']);
  }
  return { depositXpub, depositMnemonic };
}

/** What PORTAL_ROLE allows: a web process holds no key and watches a chain it does not run. */
function checkRole(env: Env, web: boolean, problems: Problem[]): void {
  if (env.TREASURY_KEY_HELD !== undefined && !['true', 'false'].includes(env.TREASURY_KEY_HELD))
    problems.push(['TREASURY_KEY_HELD', 'must be true or false']);
  if (web) {
    // The key is never read into a web process, so it cannot leak from one (a heap dump, a bug, a dependency).
    for (const name of KEY_VARIABLES)
      if (env[name] !== undefined)
        problems.push([
          name,
          'must not be set where PORTAL_ROLE=web: only the process that runs the jobs holds keys (docs/operations.md)',
        ]);
    if (env.CHAIN_RPC_URL === undefined && env[EMBEDDED_WORKER_ENV] !== '1')
      problems.push([
        'PORTAL_ROLE',
        'web needs CHAIN_RPC_URL (the embedded chain runs in the process that holds its keys)',
      ]);
  } else if (env.TREASURY_KEY_HELD !== undefined) {
    problems.push(['TREASURY_KEY_HELD', 'is for PORTAL_ROLE=web only (elsewhere TREASURY_KEY itself says it)']);
  }
}

function checkKeysMatchAddresses(value: ChainEnv, problems: Problem[]): void {
  for (const [keyName, addressName, wanted] of [
    ['HOT_WALLET_KEY', 'HOT_WALLET_ADDRESS', value.hotWalletAddress],
    ['GAS_WALLET_KEY', 'GAS_WALLET_ADDRESS', value.gasWalletAddress],
  ] as const) {
    const k = value[keyName === 'HOT_WALLET_KEY' ? 'hotWalletKey' : 'gasWalletKey'];
    if (k && wanted && privateKeyToAccount(k).address !== wanted)
      problems.push([addressName, `is not the address of ${keyName}`]);
  }

  if (
    value.treasuryKey &&
    value.treasuryAddress &&
    privateKeyToAccount(value.treasuryKey).address !== value.treasuryAddress
  )
    problems.push(['TREASURY_KEY', 'is not the key of TREASURY_ADDRESS']);
}

/** A chain at CHAIN_RPC_URL needs its token, treasury and deposit key; the embedded one refuses them. */
function checkWhatTheChainNeeds(env: Env, value: ChainEnv, problems: Problem[]): void {
  const needed = ['CHAIN_ID', 'TOKEN_ADDRESS', 'TREASURY_ADDRESS'] as const;
  if (value.rpcUrl !== undefined) {
    for (const name of needed)
      if (env[name] === undefined) problems.push([name, 'is required when CHAIN_RPC_URL is set']);
    if (value.depositXpub === undefined && value.depositMnemonic === undefined) {
      problems.push(['DEPOSIT_XPUB', 'is required when CHAIN_RPC_URL is set (or DEPOSIT_MNEMONIC)']);
    }
  } else {
    // The embedded chain makes its own token and keys: refuse settings it would ignore.
    for (const name of [
      ...needed,
      'DEPOSIT_XPUB',
      'DEPOSIT_MNEMONIC',
      'GAS_WALLET_KEY',
      'HOT_WALLET_KEY',
      'TREASURY_KEY',
      'HOT_WALLET_ADDRESS',
      'GAS_WALLET_ADDRESS',
    ]) {
      if (env[name] !== undefined)
        problems.push([name, 'needs CHAIN_RPC_URL (without it the portal runs its own embedded chain)']);
    }
  }
}

/** The settings of a configured (not embedded) chain; undefined when the embedded one is wanted. */
export function settingsFromEnv(env: ChainEnv): ChainSettings | undefined {
  if (!env.rpcUrl) return undefined;
  return {
    rpcUrl: env.rpcUrl,
    chainId: env.chainId!,
    tokenAddress: env.tokenAddress!,
    depositXpub: env.depositXpub ?? xpubFromMnemonic(env.depositMnemonic!),
    depositMnemonic: env.depositMnemonic,
    treasuryAddress: env.treasuryAddress!,
    gasWalletKey: env.gasWalletKey,
    hotWalletKey: env.hotWalletKey,
    treasuryKey: env.treasuryKey,
    confirmations: env.confirmations,
    pollMs: env.pollMs,
    explorerUrl: env.explorerUrl,
    startBlock: env.startBlock,
    hotWalletAddress: env.hotWalletAddress,
    gasWalletAddress: env.gasWalletAddress,
    treasuryKeyHeld: env.treasuryKeyHeld,
    embedded: false,
  };
}

/** Set by the cluster's primary for its web workers when it runs the embedded chain (main.ts); its settings are in DATA_DIR. */
export const EMBEDDED_WORKER_ENV = 'PORTAL_EMBEDDED_CHAIN';

export function xpubFromMnemonic(mnemonic: string): string {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(DEPOSIT_ACCOUNT_PATH).publicExtendedKey;
}
