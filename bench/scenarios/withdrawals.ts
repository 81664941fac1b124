/**
 * Withdrawal payouts at volume: 1,000 pending withdrawals (members and
 * their income made straight in the database, each request through the
 * withdrawal service) approved in one bulk call over HTTP, then paid by the
 * payout job from the hot wallet of a local anvil chain that mines a block
 * every second (as the embedded chain does). Measures the bulk approval,
 * the time until every withdrawal is `paid` (final on chain, journal entry
 * posted) and payouts per second. BENCH_WITHDRAWALS overrides the count.
 */
import { signIn } from '../lib/client';
import { randomBytes } from 'node:crypto';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { bytesToHex, erc20Abi, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createChain } from '../../apps/api/src/platform/chain';
import {
  ANVIL_CHAIN_ID,
  deployTestToken,
  sendTestToken,
  setNativeBalance,
  startAnvil,
} from '../../apps/api/src/platform/chain/anvil';
import { xpubFromMnemonic } from '../../apps/api/src/platform/chain/config';
import { postEntry } from '../../apps/api/src/ledger/post';
import { runJob } from '../../apps/api/src/shared/job-runner';
import { payoutJob } from '../../apps/api/src/withdrawals/payout/job';
import { requestWithdrawal } from '../../apps/api/src/withdrawals/request';
import { BENCH_ADMIN_PASSWORD, startBenchPortal } from '../lib/portal';
import { round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { sql } from '../../apps/api/src/platform/db/sql';
import type { AppContext } from '../../apps/api/src/context';
import { approveWithdrawals } from '../../apps/api/src/withdrawals/review';
import { profileStatements } from '../lib/statement-profile';

const COUNT = Number(process.env.BENCH_WITHDRAWALS ?? 1000);
/**
 * BENCH_WITHDRAWALS_PROFILE=1: the approval runs in process, each of its statements timed; `explain`: their
 * plans in the server's log too (bench/lib/statement-profile.ts, BENCH_EXPLAIN_MS).
 */
const PROFILE = Boolean(process.env.BENCH_WITHDRAWALS_PROFILE);

/** The bulk approval through the use case itself, its statements listed by time (triggers in their statement's). */
async function profiledApproval(portal: AppContext, ids: number[], log: (line: string) => void): Promise<void> {
  const profile = profileStatements(portal, process.env.BENCH_WITHDRAWALS_PROFILE === 'explain');
  const admin = await portal.db.query<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`);
  await approveWithdrawals(profile.ctx, { userId: Number(admin.rows[0]!.id), ip: null }, ids);
  log('the approval, statements by time:');
  for (const { ms, text } of profile.report().filter((s) => s.ms >= 0.5))
    log(`  ${ms.toFixed(1).padStart(7)} ms  ${text}`);
}

const scenario: Scenario = {
  name: 'withdrawals',
  description: `${COUNT} pending withdrawals approved in one bulk call; time until all are paid on a local chain (1 block/s)`,
  async run(ctx: BenchContext): Promise<Figure[]> {
    const node = await startAnvil({ blockTime: 1 });
    const portal = await startBenchPortal(ctx.databaseUrl);
    const job = { stop: async () => {} };
    try {
      const token = await deployTestToken(node.rpcUrl);
      const hotKey = bytesToHex(randomBytes(32));
      const hot = privateKeyToAccount(hotKey).address;
      await setNativeBalance(node.rpcUrl, hot, '100');
      await sendTestToken(node.rpcUrl, token, hot, parseUnits(String(COUNT * 20), 18));
      portal.ctx.chain = createChain({
        rpcUrl: node.rpcUrl,
        chainId: ANVIL_CHAIN_ID,
        tokenAddress: token,
        depositXpub: xpubFromMnemonic(generateMnemonic(wordlist, 128)),
        treasuryAddress: privateKeyToAccount(bytesToHex(randomBytes(32))).address,
        hotWalletKey: hotKey,
        confirmations: 1,
        pollMs: 250,
        embedded: false,
      });
      const { db } = portal.ctx;
      // This measures throughput, not security: the bench admin approves without two-factor and without a fresh code
      // (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
      await db.query(sql`INSERT INTO settings (key, value) VALUES ('withdrawalRequiresTwoFactor', 'false'), ('withdrawalAddressHoldHours', '"0"'),
                        ('adminsRequireTwoFactor', 'false'), ('largeApprovalThreshold', '"1000000000"')
                      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);

      // Members with 20 USDT of income each, made in the database (no sign-up per member).
      const root = await db.query<{ id: number }>(sql`SELECT id FROM users WHERE username = 'company'`);
      const ids = await db.transaction(async (tx) => {
        const users = await tx.query<{ id: number }>(
          sql`INSERT INTO users (username, email, full_name, role)
           SELECT 'wd' || g, 'wd' || g || '@bench.local', 'Bench ' || g, 'member' FROM generate_series(1, ${COUNT}::int) g RETURNING id`,
        );
        const list = users.rows.map((row) => Number(row.id));
        await tx.query(
          sql`INSERT INTO members (user_id, sponsor_id) SELECT unnest(${list}::bigint[]), ${root.rows[0]!.id}`,
        );
        for (const id of list) {
          await postEntry(tx, {
            type: 'adjustment',
            memo: 'Bench income',
            actorId: null,
            lines: [
              { account: { member: id, wallet: 'income' }, amount: parseUnits('20', 18) },
              { account: { system: 'adjustments' }, amount: -parseUnits('20', 18) },
            ],
          });
        }
        return list;
      });
      const recipients = ids.map(() => privateKeyToAccount(bytesToHex(randomBytes(32))).address);
      const requested = performance.now();
      const withdrawalIds: number[] = [];
      for (const [i, id] of ids.entries()) {
        const answer = await requestWithdrawal(portal.ctx, id, { amount: '20', address: recipients[i]! });
        withdrawalIds.push(answer.body.id);
      }
      const requestSeconds = (performance.now() - requested) / 1000;
      ctx.log(`${COUNT} requests in ${round(requestSeconds)} s`);

      const { token: accessToken } = await signIn(portal.baseUrl, 'admin', BENCH_ADMIN_PASSWORD);
      const started = performance.now();
      if (PROFILE) await profiledApproval(portal.ctx, withdrawalIds, ctx.log);
      else {
        const approval = await fetch(`${portal.baseUrl}/api/admin/withdrawals/approve`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ids: withdrawalIds }),
        });
        if (approval.status !== 200) throw new Error(`bulk approval: ${approval.status} ${await approval.text()}`);
      }
      const approveSeconds = (performance.now() - started) / 1000;
      ctx.log(`bulk approval of ${COUNT} in ${round(approveSeconds)} s${PROFILE ? ' (in process, profiled)' : ''}`);

      Object.assign(job, runJob(portal.ctx.log, payoutJob(portal.ctx, 250)));
      let paid = 0;
      const deadline = Date.now() + 15 * 60_000;
      while (Date.now() < deadline) {
        const { rows } = await db.query<{ paid: number; failed: number }>(
          sql`SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid, count(*) FILTER (WHERE status = 'failed')::int AS failed FROM withdrawals`,
        );
        paid = rows[0]!.paid;
        if (rows[0]!.failed > 0) {
          const why = await db.query<{ reason: string }>(
            sql`SELECT reason FROM withdrawals WHERE status = 'failed' ORDER BY id LIMIT 1`,
          );
          throw new Error(`${rows[0]!.failed} payouts failed; the first: ${why.rows[0]?.reason}`);
        }
        if (paid === COUNT) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const seconds = (performance.now() - started) / 1000;
      const sample = await portal.ctx.chain.client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipients[0]!],
      });
      ctx.log(
        `${paid}/${COUNT} paid in ${round(seconds)} s; first recipient holds ${sample} base units (expected ${parseUnits('19', 18)})`,
      );
      return [
        { metric: 'requests (service, sequential)', value: round(COUNT / requestSeconds), unit: 'req/s' },
        { metric: `bulk approval of ${COUNT}`, value: round(approveSeconds * 1000), unit: 'ms' },
        {
          metric: `approval to all ${COUNT} paid`,
          value: round(seconds),
          unit: 's',
          note: paid === COUNT ? 'anvil, 1 block/s, final at the node’s finalized block' : `only ${paid} paid`,
        },
        { metric: 'payouts', value: round(paid / seconds), unit: 'payouts/s' },
      ];
    } finally {
      await job.stop();
      await portal.close();
      await node.stop();
    }
  },
};

export default scenario;
