import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { bytesToHex, erc20Abi, getAddress, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { randomBytes } from 'node:crypto';
import { ANVIL_CHAIN_ID, anvilClient, deployTestToken, setNativeBalance, startAnvil, type AnvilNode } from './anvil';
import { xpubFromMnemonic, type ChainEnv, type ChainSettings } from './config';

/**
 * The embedded chain of `npm start` without CHAIN_RPC_URL: anvil in a child
 * process with its state in DATA_DIR, a test USDT deployed once, the gas
 * and hot wallets and the treasury funded with BNB. Its keys and mnemonic are made once and kept in
 * an owner-only file in DATA_DIR (never the database, never a log line).
 */
export const KEYS_FILE = 'chain-keys.json';
/** Non-secret facts about the running embedded chain, read by `npm run chain:send`. */
export const INFO_FILE = 'chain.json';
export const STATE_FILE = 'chain-state.json';

interface EmbeddedKeys {
  depositMnemonic: string;
  gasWalletKey: Hex;
  hotWalletKey: Hex;
  treasuryKey: Hex;
}

export interface EmbeddedInfo {
  rpcUrl: string;
  chainId: number;
  tokenAddress: Address;
  /** The portal's process. */
  pid: number;
  /** Its anvil's process: ended by the next start if the portal died without stopping it. */
  anvilPid?: number;
  /** The wallets by address and the deposit addresses' extended public key: what a web worker watches (no key). */
  treasuryAddress?: Address;
  hotWalletAddress?: Address;
  gasWalletAddress?: Address;
  depositXpub?: string;
}

export interface EmbeddedChain {
  settings: ChainSettings;
  info: EmbeddedInfo;
  /** Seconds anvil took to answer. */
  startSeconds: number;
  stop(): Promise<void>;
}

export async function startEmbeddedChain(dataDir: string, env: ChainEnv): Promise<EmbeddedChain> {
  mkdirSync(dataDir, { recursive: true });
  const keys = loadOrCreateKeys(path.join(dataDir, KEYS_FILE));
  const statePath = path.join(dataDir, STATE_FILE);
  const infoPath = path.join(dataDir, INFO_FILE);
  const previous = existsSync(infoPath) ? (JSON.parse(readFileSync(infoPath, 'utf8')) as Partial<EmbeddedInfo>) : {};
  // The caller holds the data folder's lock: an anvil still running on this
  // folder's state belongs to a portal that was killed (kill -9, a crash).
  if (previous.anvilPid) await endStaleChain(previous.anvilPid, statePath);
  const started = performance.now();
  const node: AnvilNode = await startAnvil({ statePath, blockTime: 1 });
  const startSeconds = (performance.now() - started) / 1000;
  // Recorded before anything else can fail, so that even a start that dies
  // here leaves the next one able to end this anvil.
  writeFileSync(infoPath, JSON.stringify({ ...previous, pid: process.pid, anvilPid: node.pid }, null, 2) + '\n');
  try {
    const client = anvilClient(node.rpcUrl);
    let tokenAddress = previous.tokenAddress;
    const deployed = tokenAddress ? await client.getCode({ address: tokenAddress }) : undefined;
    const hot = privateKeyToAccount(keys.hotWalletKey).address;
    const gas = privateKeyToAccount(keys.gasWalletKey).address;
    if (!tokenAddress || !deployed || deployed === '0x') {
      // Only BNB for gas below: USDT reaches the hot wallet from the treasury,
      // so that the chain holds exactly what the ledger accounts for.
      tokenAddress = await deployTestToken(node.rpcUrl);
    }
    // The treasury's BNB pays for its moves to the hot wallet (deposits/move-from-treasury.ts).
    const treasury = privateKeyToAccount(keys.treasuryKey).address;
    for (const address of [gas, hot, treasury]) {
      if ((await client.getBalance({ address })) < parseUnits('1', 18))
        await setNativeBalance(node.rpcUrl, address, '100');
    }
    await client.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'decimals' });
    tokenAddress = getAddress(tokenAddress);
    const info: EmbeddedInfo = {
      rpcUrl: node.rpcUrl,
      chainId: ANVIL_CHAIN_ID,
      tokenAddress,
      pid: process.pid,
      anvilPid: node.pid,
      treasuryAddress: treasury,
      hotWalletAddress: hot,
      gasWalletAddress: gas,
      depositXpub: xpubFromMnemonic(keys.depositMnemonic),
    };
    writeFileSync(infoPath, JSON.stringify(info, null, 2) + '\n');
    const settings = settingsOf(keys, info, env);
    return { settings, info, startSeconds, stop: () => node.stop() };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

function settingsOf(keys: EmbeddedKeys, info: EmbeddedInfo, env: ChainEnv): ChainSettings {
  return {
    rpcUrl: info.rpcUrl,
    chainId: info.chainId,
    tokenAddress: info.tokenAddress,
    depositXpub: xpubFromMnemonic(keys.depositMnemonic),
    depositMnemonic: keys.depositMnemonic,
    treasuryAddress: privateKeyToAccount(keys.treasuryKey).address,
    gasWalletKey: keys.gasWalletKey,
    hotWalletKey: keys.hotWalletKey,
    treasuryKey: keys.treasuryKey,
    confirmations: env.confirmations,
    pollMs: env.pollMs,
    explorerUrl: env.explorerUrl,
    startBlock: 0,
    embedded: true,
  };
}

/**
 * The settings of the embedded chain that the primary process of a cluster
 * started (main.ts, WEB_CONCURRENCY): its RPC URL and token from the info
 * file it wrote, the keys from the owner-only keys file. Read from DATA_DIR
 * rather than passed down, so that no secret travels through the workers'
 * environment.
 */
export function embeddedSettingsFor(dataDir: string, env: ChainEnv): ChainSettings {
  const keys = JSON.parse(readFileSync(path.join(dataDir, KEYS_FILE), 'utf8')) as EmbeddedKeys;
  return settingsOf(keys, readEmbeddedInfo(dataDir), env);
}

/**
 * The embedded chain as a web worker of the cluster sees it (PORTAL_ROLE=web,
 * main.ts): everything from the non-secret info file the primary wrote at
 * this start; the keys file is never read, so no key enters the worker.
 */
export function embeddedWatchSettingsFor(dataDir: string, env: ChainEnv): ChainSettings {
  const info = readEmbeddedInfo(dataDir);
  if (!info.treasuryAddress || !info.depositXpub)
    throw new Error(`${path.join(dataDir, INFO_FILE)} has no wallet addresses: start the portal's primary first.`);
  return {
    rpcUrl: info.rpcUrl,
    chainId: info.chainId,
    tokenAddress: info.tokenAddress,
    depositXpub: info.depositXpub,
    treasuryAddress: getAddress(info.treasuryAddress),
    hotWalletAddress: info.hotWalletAddress && getAddress(info.hotWalletAddress),
    gasWalletAddress: info.gasWalletAddress && getAddress(info.gasWalletAddress),
    // The primary holds the embedded treasury's key and signs its moves (docs/operations.md).
    treasuryKeyHeld: true,
    confirmations: env.confirmations,
    pollMs: env.pollMs,
    explorerUrl: env.explorerUrl,
    startBlock: 0,
    embedded: true,
  };
}

/**
 * Ends the anvil a dead portal left running on this state file: SIGTERM (it
 * saves its state), SIGKILL after 5 s. A pid whose command line does not
 * name the state file is another process that reused the number: left alone.
 */
async function endStaleChain(pid: number, statePath: string): Promise<void> {
  const alive = () => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(statePath);
    } catch {
      return false; // gone, or no /proc: nothing of ours to end
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; alive() && waited < 5_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive()) process.kill(pid, 'SIGKILL');
}

function loadOrCreateKeys(file: string): EmbeddedKeys {
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return JSON.parse(readFileSync(file, 'utf8')) as EmbeddedKeys;
  }
  const key = () => bytesToHex(randomBytes(32));
  const keys: EmbeddedKeys = {
    depositMnemonic: generateMnemonic(wordlist, 128),
    gasWalletKey: key(),
    hotWalletKey: key(),
    treasuryKey: key(),
  };
  writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  return keys;
}

/** The running embedded chain's facts, for `chain:send`. */
export function readEmbeddedInfo(dataDir: string): EmbeddedInfo {
  const file = path.join(dataDir, INFO_FILE);
  if (!existsSync(file))
    throw new Error(
      `No embedded chain has run with DATA_DIR=${dataDir} (${file} is missing). Start the portal with npm start first.`,
    );
  const info = JSON.parse(readFileSync(file, 'utf8')) as EmbeddedInfo;
  return { ...info, tokenAddress: getAddress(info.tokenAddress) };
}
