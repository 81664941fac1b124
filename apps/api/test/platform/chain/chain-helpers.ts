import { randomBytes } from 'node:crypto';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import {
  bytesToHex,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import {
  ANVIL_CHAIN_ID,
  ANVIL_DEV_KEY,
  anvilClient,
  deployTestToken,
  sendTestToken,
  setNativeBalance,
  startAnvil,
  type AnvilNode,
} from '../../../src/platform/chain/anvil';
import { xpubFromMnemonic } from '../../../src/platform/chain/config';
import { testUsdtAbi } from '../../../src/platform/chain/token/artifact';

/**
 * A real local chain for one test file: anvil on a free port (never shared
 * between files), a block per transaction (tests mine more by hand), the
 * test USDT deployed, fresh keys, gas and hot wallets funded. Pass `env`
 * to startPortal() to run a portal against it:
 *
 *   const chain = await startTestChain();
 *   const portal = await startPortal(chain.env);
 */
export interface TestChain {
  rpcUrl: string;
  chainId: number;
  client: PublicClient;
  token: Address;
  mnemonic: string;
  xpub: string;
  gasKey: Hex;
  hotKey: Hex;
  /** The treasury's key: not in `env` (the treasury is cold there); a test adds TREASURY_KEY to hold it. */
  treasuryKey: Hex;
  treasury: Address;
  /** Every secret of this chain, for tests that grep logs for them. */
  secrets: string[];
  /** CHAIN_* variables for startPortal(). */
  env: Record<string, string>;
  /** Sends `amount` whole-token text (e.g. "12.5") from the token's deployer. */
  send(to: Address, amount: string): Promise<Hex>;
  /** One transaction, one Transfer log per recipient (log indexes in order). */
  sendMany(transfers: Array<[Address, string]>): Promise<Hex>;
  balanceOf(address: Address): Promise<bigint>;
  mine(blocks?: number): Promise<void>;
  blockNumber(): Promise<bigint>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  /** Raw JSON-RPC (anvil_reorg, evm_* …). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  node: AnvilNode;
  stop(): Promise<void>;
}

export async function startTestChain(options: { confirmations?: number; hotTokens?: string } = {}): Promise<TestChain> {
  const node = await startAnvil();
  const { rpcUrl } = node;
  try {
    const client = anvilClient(rpcUrl);
    const token = await deployTestToken(rpcUrl);
    const mnemonic = generateMnemonic(wordlist, 128);
    const gasKey = bytesToHex(randomBytes(32));
    const hotKey = bytesToHex(randomBytes(32));
    const treasuryKey = bytesToHex(randomBytes(32));
    const treasury = privateKeyToAccount(treasuryKey).address;
    const hot = privateKeyToAccount(hotKey).address;
    await setNativeBalance(rpcUrl, privateKeyToAccount(gasKey).address, '100');
    await setNativeBalance(rpcUrl, hot, '100');
    await setNativeBalance(rpcUrl, treasury, '100');
    if (options.hotTokens) await sendTestToken(rpcUrl, token, hot, parseUnits(options.hotTokens, 18));
    const dev = createWalletClient({
      account: privateKeyToAccount(ANVIL_DEV_KEY),
      chain: { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } },
      transport: http(rpcUrl),
    });
    const rpc = <T>(method: string, params: unknown[] = []): Promise<T> =>
      client.request({ method: method as never, params: params as never });
    const waitFor = async (hash: Hex) => {
      await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return hash;
    };
    const xpub = xpubFromMnemonic(mnemonic);
    return {
      rpcUrl,
      chainId: ANVIL_CHAIN_ID,
      client,
      token,
      mnemonic,
      xpub,
      gasKey,
      hotKey,
      treasuryKey,
      treasury,
      secrets: [mnemonic, gasKey, hotKey, treasuryKey, gasKey.slice(2), hotKey.slice(2), treasuryKey.slice(2)],
      env: {
        CHAIN_RPC_URL: rpcUrl,
        CHAIN_ID: String(ANVIL_CHAIN_ID),
        TOKEN_ADDRESS: token,
        DEPOSIT_MNEMONIC: mnemonic,
        TREASURY_ADDRESS: treasury,
        GAS_WALLET_KEY: gasKey,
        HOT_WALLET_KEY: hotKey,
        CHAIN_CONFIRMATIONS: String(options.confirmations ?? 15),
        CHAIN_POLL_MS: '100',
        CHAIN_EXPLORER_URL: 'https://explorer.test',
        CHAIN_START_BLOCK: '0',
      },
      send: async (to, amount) =>
        waitFor(
          await dev.writeContract({
            address: token,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, parseUnits(amount, 18)],
          }),
        ),
      sendMany: async (transfers) =>
        waitFor(
          await dev.writeContract({
            address: token,
            abi: testUsdtAbi,
            functionName: 'batchTransfer',
            args: [transfers.map(([to]) => to), transfers.map(([, amount]) => parseUnits(amount, 18))],
          }),
        ),
      balanceOf: (address) =>
        client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      mine: async (blocks = 1) => {
        await rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
      },
      blockNumber: () => client.getBlockNumber({ cacheTime: 0 }),
      snapshot: () => rpc<Hex>('evm_snapshot'),
      revert: async (id) => {
        const ok = await rpc<boolean>('evm_revert', [id]);
        if (!ok) throw new Error(`evm_revert ${id} failed`);
      },
      rpc,
      node,
      stop: () => node.stop(),
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/**
 * A JSON-RPC proxy in front of a test chain that a test can take down (every
 * request answered 503) or make refuse some methods: the node "going away".
 */
export interface RpcProxy {
  url: string;
  down(): void;
  up(): void;
  /** Answers these methods with a JSON-RPC error until cleared. */
  refuse(methods: string[]): void;
  /** Refuses eth_getLogs over more than `blocks` blocks, as public BSC nodes do (null: no limit). */
  limitLogRange(blocks: number | null): void;
  /** Answers every request `ms` late, as a distant node does (0: at once). */
  delay(ms: number): void;
  /**
   * Refuses each eth_sendRawTransaction whose signed bytes `refusal` answers a message for (as a node refuses a
   * transaction: a JSON-RPC error, the transaction not taken); null: none refused.
   */
  refuseTransactions(refusal: ((raw: Hex) => string | null) | null): void;
  /** Forwards calls of `method` to the node, then drops the connection unanswered: the node "going away" mid-send. */
  hangUpAfter(method: string | null): void;
  /** HTTP requests and JSON-RPC calls (by method) forwarded so far. */
  counts(): { requests: number; calls: Record<string, number> };
  close(): Promise<void>;
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const { createServer } = await import('node:http');
  let isDown = false;
  let refused = new Set<string>();
  let logRange: number | null = null;
  let latency = 0;
  let refusal: ((raw: Hex) => string | null) | null = null;
  let hangUpMethod: string | null = null;
  let requests = 0;
  const callCounts: Record<string, number> = {};
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    const answer = async () => {
      if (latency) await new Promise((resolve) => setTimeout(resolve, latency));
      if (isDown) {
        res.writeHead(503).end('node unavailable');
        return;
      }
      const body = Buffer.concat(chunks).toString();
      const calls = [JSON.parse(body)].flat() as Array<{ id: unknown; method: string; params?: unknown }>;
      const tooWide = (c: { method: string; params?: unknown }) => {
        if (logRange === null || c.method !== 'eth_getLogs') return false;
        const [filter] = (c.params ?? []) as Array<{ fromBlock: string; toBlock: string }>;
        return Number(BigInt(filter!.toBlock) - BigInt(filter!.fromBlock)) + 1 > logRange;
      };
      if (calls.some((c) => tooWide(c))) {
        const answers = calls.map((c) => ({
          jsonrpc: '2.0',
          id: c.id,
          error: { code: -32005, message: `query returned more than 10000 results (range limit ${logRange})` },
        }));
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]));
        return;
      }
      if (calls.some((c) => refused.has(c.method))) {
        const answers = calls.map((c) => ({
          jsonrpc: '2.0',
          id: c.id,
          error: { code: -32000, message: `refused by the test proxy: ${c.method}` },
        }));
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]));
        return;
      }
      // Asked once per call: a test's refusal may count the transactions it refuses.
      const refusals = calls.map((c) =>
        c.method === 'eth_sendRawTransaction' && refusal ? refusal((c.params as [Hex])[0]) : null,
      );
      if (refusals.some((r) => r !== null)) {
        const answers = calls.map((c, i) => ({
          jsonrpc: '2.0',
          id: c.id,
          error: { code: -32000, message: refusals[i] ?? 'refused with the rest of its batch' },
        }));
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]));
        return;
      }
      requests += 1;
      for (const c of calls) callCounts[c.method] = (callCounts[c.method] ?? 0) + 1;
      try {
        const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (calls.some((c) => c.method === hangUpMethod)) {
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      } catch {
        res.writeHead(502).end('bad gateway');
      }
    };
    // Every path of answer() ends the response, a failed fetch included: nothing is left to await.
    req.on('end', () => void answer());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    refuse: (methods) => {
      refused = new Set(methods);
    },
    limitLogRange: (blocks) => {
      logRange = blocks;
    },
    delay: (ms) => {
      latency = ms;
    },
    refuseTransactions: (answer) => {
      refusal = answer;
    },
    hangUpAfter: (method) => {
      hangUpMethod = method;
    },
    counts: () => ({ requests, calls: { ...callCounts } }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
