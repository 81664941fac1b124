/**
 * The deposit watcher at scale (docs/decisions/0012-evm-node-and-deposit-watcher.md): a million members' deposit
 * addresses in the database (set-based SQL), a real anvil with the test USDT
 * and a block range holding 100,000 token transfers of which 1,000 go to
 * deposit addresses. Measures how fast the watcher reads, matches and
 * credits that range (logs matched/s, deposits credited/s), then the time
 * from a deposit's block becoming final to its credit (p50/p99) with the
 * watcher running as in production (CHAIN_POLL_MS).
 *
 * BENCH_DEPOSIT_MEMBERS (1,000,000), BENCH_DEPOSIT_TRANSFERS (100,000),
 * BENCH_DEPOSIT_HITS (1,000), BENCH_DEPOSIT_SAMPLES (40), BENCH_CHAIN_POLL_MS (1000).
 */
import { createWalletClient, getAddress, http, parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { createChain } from '../../apps/api/src/platform/chain';
import {
  ANVIL_CHAIN_ID,
  ANVIL_DEV_KEY,
  anvilClient,
  deployTestToken,
  startAnvil,
} from '../../apps/api/src/platform/chain/anvil';
import { xpubFromMnemonic } from '../../apps/api/src/platform/chain/config';
import { testUsdtAbi } from '../../apps/api/src/platform/chain/token/artifact';
import { createDepositWatcher } from '../../apps/api/src/deposits/watcher';
import { runJob } from '../../apps/api/src/shared/job-runner';
import { generateNetwork } from '../lib/network-generator';
import { startBenchPortal } from '../lib/portal';
import { percentiles, round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { sql } from '../../apps/api/src/platform/db/sql';

const MEMBERS = Number(process.env.BENCH_DEPOSIT_MEMBERS ?? 1_000_000);
const TRANSFERS = Number(process.env.BENCH_DEPOSIT_TRANSFERS ?? 100_000);
const HITS = Number(process.env.BENCH_DEPOSIT_HITS ?? 1_000);
const SAMPLES = Number(process.env.BENCH_DEPOSIT_SAMPLES ?? 40);
const POLL_MS = Number(process.env.BENCH_CHAIN_POLL_MS ?? 1_000);
const PER_TX = 400;

/** The bench's deposit address of a user id: 0x + the id in hex, 40 digits (no key needed: the watcher only matches). */
const addressOf = (userId: number): Address => `0x${userId.toString(16).padStart(40, '0')}`;
/** A recipient that is nobody's deposit address. */
const strangerOf = (i: number) => `0x${'f'.repeat(8)}${i.toString(16).padStart(32, '0')}` as Address;

const scenario: Scenario = {
  name: 'deposits',
  description: `deposit watcher: ${MEMBERS.toLocaleString('en-US')} deposit addresses, ${TRANSFERS.toLocaleString('en-US')} token transfers of which ${HITS.toLocaleString('en-US')} deposits; finality-to-credit`,
  async run(bench: BenchContext): Promise<Figure[]> {
    const figures: Figure[] = [];
    const portal = await startBenchPortal(bench.databaseUrl);
    const node = await startAnvil();
    try {
      const { db } = portal.ctx;
      let started = performance.now();
      await generateNetwork(db, { members: MEMBERS, chain: 0, prefix: 'dep', passwordHash: null });
      await db.query(
        sql`INSERT INTO deposit_addresses (member_id, address_index, address)
         SELECT user_id, (row_number() OVER (ORDER BY user_id))::int - 1, '0x' || lpad(to_hex(user_id), 40, '0')
           FROM members WHERE sponsor_id IS NOT NULL`,
      );
      await db.query(
        sql`SELECT setval('deposit_address_index_seq', (SELECT max(address_index) FROM deposit_addresses) + 1)`,
      );
      const { rows } = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM deposit_addresses`);
      figures.push({
        metric: 'deposit addresses in the database',
        value: rows[0]!.n,
        unit: 'rows',
        note: `members and addresses made in ${round((performance.now() - started) / 1000, 1)} s`,
      });
      bench.log(`${rows[0]!.n} deposit addresses`);

      // Depositors spread over the whole id range.
      const members = (
        await db.query<{ user_id: number }>(
          sql`SELECT user_id FROM members WHERE sponsor_id IS NOT NULL ORDER BY user_id`,
        )
      ).rows.map((r) => Number(r.user_id));
      const step = Math.max(1, Math.floor(members.length / HITS));
      const depositors = Array.from({ length: HITS }, (_, i) => members[(i * step) % members.length]!);

      const token = await deployTestToken(node.rpcUrl);
      const client = anvilClient(node.rpcUrl);
      const dev = createWalletClient({
        account: privateKeyToAccount(ANVIL_DEV_KEY),
        chain: { ...foundry, rpcUrls: { default: { http: [node.rpcUrl] } } },
        transport: http(node.rpcUrl),
      });
      const mnemonic = generateMnemonic(wordlist, 128);
      const chain = createChain({
        rpcUrl: node.rpcUrl,
        chainId: ANVIL_CHAIN_ID,
        tokenAddress: token,
        depositXpub: xpubFromMnemonic(mnemonic),
        treasuryAddress: addressOf(1),
        confirmations: 15,
        pollMs: POLL_MS,
        startBlock: Number(await client.getBlockNumber()) + 1,
        embedded: false,
      });
      portal.ctx.chain = chain;

      // The range: TRANSFERS transfers in batches of PER_TX per transaction, HITS of them deposits, spread evenly.
      started = performance.now();
      const every = Math.max(1, Math.floor(TRANSFERS / HITS));
      let nonce = await client.getTransactionCount({ address: dev.account.address });
      const hashes: `0x${string}`[] = [];
      let hit = 0;
      for (let first = 0; first < TRANSFERS; first += PER_TX) {
        const to: Address[] = [];
        for (let i = first; i < Math.min(TRANSFERS, first + PER_TX); i += 1) {
          to.push(i % every === 0 && hit < HITS ? addressOf(depositors[hit++]!) : strangerOf(i));
        }
        hashes.push(
          await dev.writeContract({
            address: token,
            abi: testUsdtAbi,
            functionName: 'batchTransfer',
            args: [to, to.map(() => parseUnits('5', 18))],
            gas: 29_000_000n,
            nonce: nonce++,
          }),
        );
      }
      for (const hash of hashes)
        await client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 1_800_000 });
      await client.request({ method: 'anvil_mine' as never, params: ['0x3'] as never });
      bench.log(
        `${TRANSFERS} transfers in ${hashes.length} transactions sent in ${round((performance.now() - started) / 1000, 1)} s`,
      );

      // Catching up over the range: the watcher's ticks, back to back.
      const watcher = createDepositWatcher(portal.ctx, chain);
      let logs = 0;
      let credited = 0;
      started = performance.now();
      for (;;) {
        const result = await watcher.tick();
        logs += result.logs;
        credited += result.credited;
        const status = await db.query<{ behind: boolean }>(
          sql`SELECT final_next <= final_block AS behind FROM chain_watch`,
        );
        if (!status.rows[0]?.behind) break;
      }
      const seconds = (performance.now() - started) / 1000;
      figures.push({
        metric: 'logs read and matched',
        value: round(logs / seconds, 0),
        unit: 'logs/s',
        note: `${logs} logs in ${round(seconds, 2)} s (goal ≥ 20,000/s)`,
      });
      figures.push({
        metric: 'deposits credited',
        value: round(credited / seconds, 0),
        unit: 'deposits/s',
        note: `${credited} of ${HITS} expected`,
      });
      await watcher.release();

      // Finality to credit, with the watcher running on its interval.
      const background = createDepositWatcher(portal.ctx, chain);
      const running = runJob(portal.ctx.log, background);
      const latencies: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const memberId = depositors[i % depositors.length]!;
        const before = (
          await db.query<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM deposits WHERE member_id = ${memberId} AND status = 'credited'`,
          )
        ).rows[0]!.n;
        const hash = await dev.writeContract({
          address: token,
          abi: testUsdtAbi,
          functionName: 'transfer',
          args: [getAddress(addressOf(memberId)), parseUnits('7', 18)],
          nonce: nonce++,
        });
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 600_000 });
        // Mine until the node reports the block final, then time the credit.
        for (;;) {
          await client.request({ method: 'anvil_mine' as never, params: ['0x1'] as never });
          const finalized = await client.getBlock({ blockTag: 'finalized' });
          if (finalized.number >= receipt.blockNumber) break;
        }
        const final = performance.now();
        for (;;) {
          const n = (
            await db.query<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM deposits WHERE member_id = ${memberId} AND status = 'credited'`,
            )
          ).rows[0]!.n;
          if (n > before) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        latencies.push(performance.now() - final);
        // Spread the samples over the poll cycle.
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * POLL_MS)));
      }
      await running.stop();
      const { p50, p99 } = percentiles(latencies);
      figures.push({
        metric: 'finality to credit p50',
        value: p50,
        unit: 'ms',
        note: `${SAMPLES} deposits, CHAIN_POLL_MS=${POLL_MS}`,
      });
      figures.push({ metric: 'finality to credit p99', value: p99, unit: 'ms', note: 'goal ≤ 2,000 ms' });
      return figures;
    } finally {
      await node.stop();
      await portal.close();
    }
  },
};

export default scenario;
