import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { testUsdtAbi, testUsdtBytecode } from './token/artifact';

/**
 * Foundry's anvil as a child process (docs/decisions/0012-evm-node-and-deposit-watcher.md): the
 * embedded chain of `npm start` and the chain of the chain tests.
 */
export const ANVIL_BIN = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/package.json')),
  'bin',
  'anvil',
);

/** Anvil's first dev account: a well-known test key (public), funded on every anvil chain. It deploys and owns the test USDT. */
export const ANVIL_DEV_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const ANVIL_CHAIN_ID = 31337;

export interface AnvilOptions {
  /** Keep the chain in this file across restarts (`--state`). */
  statePath?: string;
  /** Seconds between blocks; unset: a block per transaction (the tests mine by hand). */
  blockTime?: number;
  port?: number;
}

export interface AnvilNode {
  rpcUrl: string;
  port: number;
  pid: number;
  /** Stops the node (it writes its state file first). */
  stop(): Promise<void>;
}

/**
 * A port free now, chosen below the kernel's ephemeral range: `listen(0)` hands out a port from that
 * range, where any outgoing connection (a database pool's, a fetch's) may take it before the caller
 * listens on it (apps/api/test/restart.test.ts once failed so with EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (let tries = 0; tries < 50; tries++) {
    const port = Math.max(1024, low - 12_000) + Math.floor(Math.random() * Math.min(12_000, low - 1024));
    if (await canListen(port)) return port;
  }
  return listenOnce(0);
}

function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768; // Not Linux: the usual default.
  }
}

async function canListen(port: number): Promise<boolean> {
  return listenOnce(port).then(
    () => true,
    () => false,
  );
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as { port: number }).port;
      server.close(() => resolve(bound));
    });
  });
}

export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilNode> {
  if (!existsSync(ANVIL_BIN))
    throw new Error(`anvil is missing at ${ANVIL_BIN}: run npm install (it comes with @foundry-rs/anvil-linux-amd64).`);
  const port = options.port ?? (await freePort());
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--slots-in-an-epoch',
    '1',
    '--chain-id',
    String(ANVIL_CHAIN_ID),
  ];
  if (options.blockTime) args.push('--block-time', String(options.blockTime));
  // State written every second and on SIGTERM/SIGINT (anvil dumps it on
  // either): a crash loses at most the last second of chain, and the watcher
  // notices even that (deposits/watch-guard.ts).
  if (options.statePath)
    args.push('--state', options.statePath, '--state-interval', '1', '--preserve-historical-states');
  const child = spawn(ANVIL_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`anvil did not start within 20 s:\n${output.join('')}`)), 20_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => fail(new Error(`anvil exited (${code}) before it listened:\n${output.join('')}`)));
    child.once('error', fail);
  });
  // Drain its output from now on; nothing of it is logged.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  child.removeAllListeners('exit');
  // A portal that exits without stopping it (process.exit) sends SIGTERM, not
  // SIGKILL: anvil then writes its state before it goes; one that hangs is
  // ended by the next start on the folder (embedded.ts).
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  return { rpcUrl: `http://127.0.0.1:${port}`, port, pid: child.pid!, stop: () => stopChild(child, killOnExit) };
}

function stopChild(child: ChildProcess, killOnExit: () => void): Promise<void> {
  process.removeListener('exit', killOnExit);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function anvilClient(rpcUrl: string): PublicClient {
  return createPublicClient({
    chain: { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } },
    cacheTime: 0,
    transport: http(rpcUrl),
  });
}

/** Deploys the test USDT from anvil's dev account with `supply` whole tokens; returns its address. */
export async function deployTestToken(rpcUrl: string, supply = 1_000_000_000_000n): Promise<Address> {
  const account = privateKeyToAccount(ANVIL_DEV_KEY);
  const wallet = createWalletClient({ account, chain: foundry, transport: http(rpcUrl) });
  const client = anvilClient(rpcUrl);
  const hash = await wallet.deployContract({
    abi: testUsdtAbi,
    bytecode: testUsdtBytecode,
    args: [supply * 10n ** 18n],
  });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (!receipt.contractAddress || receipt.status !== 'success') throw new Error('The test USDT did not deploy.');
  return getAddress(receipt.contractAddress);
}

/** Sends test USDT (18 decimals) from anvil's dev account. Waits for the receipt. */
export async function sendTestToken(rpcUrl: string, token: Address, to: Address, amount: bigint): Promise<Hex> {
  const account = privateKeyToAccount(ANVIL_DEV_KEY);
  const wallet = createWalletClient({ account, chain: foundry, transport: http(rpcUrl) });
  const hash = await wallet.writeContract({
    address: token,
    abi: testUsdtAbi,
    functionName: 'transfer',
    args: [to, amount],
  });
  await anvilClient(rpcUrl).waitForTransactionReceipt({ hash, pollingInterval: 100 });
  return hash;
}

/** Gives an address native coin (BNB on the embedded chain) by decree. */
export async function setNativeBalance(rpcUrl: string, address: Address, bnb: string): Promise<void> {
  await anvilClient(rpcUrl).request({
    method: 'anvil_setBalance' as never,
    params: [address, `0x${parseEther(bnb).toString(16)}`] as never,
  });
}
