/**
 * The plan at scale, on the 1,000,000-member balanced network with a
 * 10,000-deep chain (the network generator's): purchases per second and
 * latency with 16 concurrent buyers at the bottom of the balanced tree
 * (depth ~20) and at the bottom of the chain (depth ~10,000); the time for
 * the roll-up to bring every ancestor's leg volume up to date; and the daily
 * close with every member active and both legs of every inner node holding
 * volume (set directly in SQL: that is test data, not money): the first
 * close, which also creates the 499,999 income wallets it credits, then the
 * next day's close (the same members, their wallets there: every day after
 * the first), then a close to review (compute, review, pay), then the
 * year's income disclosure and trial balance over all of it, and the proof
 * of reserves (its tree, then one member's path checked). After the
 * first close, ranks are defined (the demo's three) and evaluated once;
 * each close after evaluates the members a day of 2,000 buyers queued.
 *
 * BENCH_PLAN_MEMBERS (default 1,000,000) and BENCH_PLAN_PURCHASES (per
 * buyer, default 20; 0 leaves the purchases out) override the sizes.
 *
 * The close's reference, measured right before each close in the same run:
 * one plain `UPDATE` of every member's legs row (`network_nodes`, its leg
 * volumes set to themselves). The close's time over it is the figure that
 * holds on a busy machine (docs/performance.md, "The daily close").
 * BENCH_PLAN_PROFILE=1 also prints each statement of the close and the pay
 * with its time; BENCH_PLAN_PROFILE=explain also logs their plans (and those
 * of the statements inside triggers) with auto_explain to the server's log.
 */
import { hashPassword } from '../../apps/api/src/auth/passwords';
import { rollUpNetwork } from '../../apps/api/src/network/rollup';
import { closeDay } from '../../apps/api/src/plan/close';
import { payClose } from '../../apps/api/src/plan/pay';
import { closeReview } from '../../apps/api/src/plan/review';
import { updateSettings } from '../../apps/api/src/settings/update-settings';
import { enableAdminTwoFactor, fundDeposit, signIn } from '../lib/client';
import { generateNetwork } from '../lib/network-generator';
import { queueDayOfBuyers } from '../lib/rank-day';
import { addDemoRanks } from '../demo/ranks';
import { evaluateRanksNow } from '../../apps/api/src/ranks/evaluate';
import { BENCH_ADMIN_PASSWORD, startBenchPortal, type BenchPortal } from '../lib/portal';
import { percentiles, round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { sql } from '../../apps/api/src/platform/db/sql';
import { profileStatements } from '../lib/statement-profile';
import { readIncomeDisclosure } from '../../apps/api/src/bonuses/read-income-disclosure';
import { readTrialBalance } from '../../apps/api/src/books/read-trial-balance';
import { buildReserveProof } from '../../apps/api/src/reserves/build-reserve-proof';
import { readMyReserveProof } from '../../apps/api/src/reserves/read-my-reserve-proof';
import { verifyInclusion } from '@portal/contract';
import { createHash } from 'node:crypto';

const CHAIN = 10_000;
const BUYERS = 16;
const PASSWORD = 'Bench-Member-Pass-2026';

async function buyers(portal: BenchPortal, ids: number[], perBuyer: number, admin: string): Promise<string[]> {
  const db = portal.ctx.db;
  await db.query(
    sql`UPDATE users SET password_hash = ${await hashPassword(PASSWORD)} WHERE id = ANY(${ids}::bigint[])`,
  );
  const names = await db.query<{ id: number; username: string }>(
    sql`SELECT id, username FROM users WHERE id = ANY(${ids}::bigint[])`,
  );
  const tokens: string[] = [];
  for (const row of names.rows) {
    await fundDeposit(portal.baseUrl, admin, row.id, String(200 * perBuyer));
    tokens.push((await signIn(portal.baseUrl, row.username, PASSWORD)).token);
  }
  return tokens;
}

/** 16 buyers at once, each buying Starter `perBuyer` times in a row. */
async function purchaseRun(portal: BenchPortal, tokens: string[], perBuyer: number, packageId: number) {
  const samples: number[] = [];
  let failures = 0;
  let firstFailure = '';
  const started = performance.now();
  await Promise.all(
    tokens.map(async (t) => {
      for (let i = 0; i < perBuyer; i += 1) {
        const t0 = performance.now();
        const res = await fetch(`${portal.baseUrl}/api/purchases`, {
          method: 'POST',
          headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
          body: JSON.stringify({ packageId }),
        });
        const body = await res.text();
        samples.push(performance.now() - t0);
        if (res.status !== 201) {
          failures += 1;
          firstFailure ||= `${res.status} ${body.slice(0, 120)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    perSecond: round(samples.length / seconds, 1),
    ...percentiles(samples),
    failures,
    firstFailure,
    count: samples.length,
  };
}

const scenario: Scenario = {
  name: 'plan',
  description:
    'purchases/s and p99 with 16 buyers at depth ~20 and ~10,000; volume catch-up; the daily close over every member, then a close to review (compute, review, pay)',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const members = Number(process.env.BENCH_PLAN_MEMBERS ?? 1_000_000);
    const perBuyer = Number(process.env.BENCH_PLAN_PURCHASES ?? 20);
    const figures: Figure[] = [];
    const portal = await startBenchPortal(ctx.databaseUrl);
    const db = portal.ctx.db;
    try {
      ctx.log(
        `generating ${members.toLocaleString('en-US')} balanced members and a ${CHAIN.toLocaleString('en-US')}-deep chain…`,
      );
      const t0 = performance.now();
      const net = await generateNetwork(db, { members, chain: CHAIN, prefix: 'plan', passwordHash: null });
      ctx.log(`  generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const admin = (await signIn(portal.baseUrl, 'admin', BENCH_ADMIN_PASSWORD)).token;
      await enableAdminTwoFactor(portal.baseUrl, admin);
      const starter = (await db.query<{ id: number }>(sql`SELECT id FROM packages WHERE name = 'Starter'`)).rows[0]!.id;
      const total = net.balancedSize + 1;
      const lastLevelFirst = 2 ** Math.floor(Math.log2(total));
      const balancedBuyers = Array.from({ length: BUYERS }, (_, i) => net.balancedId(lastLevelFirst + i * 7));
      const chainBuyers = Array.from({ length: BUYERS }, (_, i) => net.chainId(CHAIN - i));

      for (const [shape, ids] of perBuyer === 0
        ? []
        : ([
            [
              `balanced ${members.toLocaleString('en-US')}, buyers at depth ${Math.floor(Math.log2(total))}`,
              balancedBuyers,
            ],
            [`chain, buyers at depth ~${(net.chainTopDepth + CHAIN).toLocaleString('en-US')}`, chainBuyers],
          ] as const)) {
        const tokens = await buyers(portal, [...ids], perBuyer, admin);
        await rollUpNetwork(db);
        const run = await purchaseRun(portal, tokens, perBuyer, starter);
        const note = `${run.count} purchases by ${BUYERS} concurrent buyers${run.failures ? `; ${run.failures} failed: ${run.firstFailure}` : ''}`;
        figures.push({ metric: `${shape}: purchases/s`, value: run.perSecond, unit: '/s', note });
        figures.push({ metric: `${shape}: purchase p50`, value: run.p50, unit: 'ms' });
        figures.push({ metric: `${shape}: purchase p99`, value: run.p99, unit: 'ms' });
        ctx.log(`${shape}: ${run.perSecond}/s, p50 ${run.p50} ms, p99 ${run.p99} ms (${note})`);
        if (shape.startsWith('balanced')) {
          // One buyer alone: the latency of a purchase without queueing behind others.
          const single = await purchaseRun(portal, tokens.slice(0, 1), perBuyer, starter);
          figures.push({
            metric: `${shape}: one buyer alone, purchase p50`,
            value: single.p50,
            unit: 'ms',
            note: `${single.count} purchases in a row`,
          });
          figures.push({ metric: `${shape}: one buyer alone, purchase p99`, value: single.p99, unit: 'ms' });
          ctx.log(`  one buyer alone: p50 ${single.p50} ms, p99 ${single.p99} ms`);
        }
        const c0 = performance.now();
        const applied = await rollUpNetwork(db);
        const catchUp = performance.now() - c0;
        figures.push({
          metric: `${shape}: volume catch-up after the run`,
          value: round(catchUp / 1000, 2),
          unit: 's',
          note: `${applied} events still pending when the run ended (the background roll-up applies the rest during the run)`,
        });
        ctx.log(`  catch-up: ${applied} pending events in ${(catchUp / 1000).toFixed(2)} s`);
      }

      // The close over everyone: all members active on Starter, every inner node with volume on both legs.
      const s0 = performance.now();
      await db.query(
        sql`UPDATE members SET active = true, package_id = ${starter}, package_price = (SELECT price FROM packages WHERE id = ${starter}) WHERE sponsor_id IS NOT NULL`,
      );
      const addVolume = () =>
        db.query(sql`UPDATE network_nodes SET left_volume = left_volume + 300 + (member_id % 7) * 100, right_volume = right_volume + 200 + (member_id % 5) * 100
                       WHERE member_id IN (SELECT parent_id FROM network_nodes WHERE side = 'right')`);
      await addVolume();
      // The state autovacuum leaves during a day: the set-up's own dead row versions reclaimed, statistics fresh.
      await db.query(sql`VACUUM ANALYZE network_nodes, members`);
      const setup = (performance.now() - s0) / 1000;
      ctx.log(`  close set-up (SQL, not measured as the close): ${setup.toFixed(1)} s`);
      const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
        const t = performance.now();
        const value = await run();
        return [value, round((performance.now() - t) / 1000, 2)];
      };
      // The set-up's WAL (and the reference's) written out before what is measured, as the other shapes do
      // (docs/performance.md, "How it is measured"): otherwise a checkpoint it forced runs inside the window.
      const checkpoint = () => db.query(sql`CHECKPOINT`);
      // The reference: every member's legs row written once by a plain UPDATE, then its dead versions reclaimed.
      const reference = async (): Promise<number> => {
        await checkpoint();
        const [, seconds] = await timed(() =>
          db.query(sql`UPDATE network_nodes SET left_volume = left_volume, right_volume = right_volume`),
        );
        await db.query(sql`VACUUM ANALYZE network_nodes`);
        await checkpoint();
        figures.push({
          metric: 'reference: plain UPDATE of every legs row',
          value: seconds,
          unit: 's',
          note: `${total + CHAIN} rows`,
        });
        ctx.log(`reference, plain UPDATE of every legs row: ${seconds} s`);
        return seconds;
      };
      const profile = process.env.BENCH_PLAN_PROFILE
        ? profileStatements(portal.ctx, process.env.BENCH_PLAN_PROFILE === 'explain')
        : undefined;
      const closeCtx = profile?.ctx ?? portal.ctx;
      const printProfile = (what: string) => {
        if (!profile) return;
        ctx.log(`  ${what}, statements by time:`);
        for (const { ms, text } of profile.report().filter((s) => s.ms >= 20))
          ctx.log(`    ${ms.toFixed(0).padStart(6)} ms  ${text}`);
      };
      const timedClose = async <T>(
        metric: string,
        ref: number,
        run: () => Promise<T>,
        note: (value: T) => string,
      ): Promise<T> => {
        const [value, seconds] = await timed(run);
        figures.push({ metric, value: seconds, unit: 's', note: note(value) });
        figures.push({ metric: `${metric} ÷ reference`, value: round(seconds / ref, 2), unit: '×' });
        ctx.log(`${metric}: ${seconds} s, ${round(seconds / ref, 2)} × the reference (${note(value)})`);
        printProfile(metric);
        return value;
      };

      // Two days ago and yesterday, so that today is left for the close to review below.
      const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
      const firstRef = await reference();
      await timedClose(
        'first daily close (wallets created)',
        firstRef,
        () => closeDay(closeCtx, dayBefore(2), null),
        (result) =>
          `${result.members.toLocaleString('en-US')} members matched, ${result.paid} USDT paid, every income wallet created`,
      );
      // Then ranks: the demo's ladder (bench/demo/ranks.ts), evaluated once over everyone as an admin's "Evaluate
      // now" would be (docs/performance.md, "Ranks"; after the first close, whose figure is the wallets' creation:
      // the ladder's bonuses would create most of them); before each close after, a day of 2,000 buyers queues
      // their ancestors, as the roll-up does, and the close evaluates those (ranks/evaluate.ts).
      const adminId = (await db.query<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`)).rows[0]!.id;
      const adminActor = { userId: adminId, ip: null };
      await addDemoRanks(portal.ctx, adminActor);
      const [evaluated, evaluation] = await timed(() => evaluateRanksNow(portal.ctx, adminActor));
      figures.push({
        metric: 'ranks: first evaluation (once)',
        value: evaluation,
        unit: 's',
        note: `${evaluated.reached.toLocaleString('en-US')} achievements, ${evaluated.credited} USDT credited`,
      });
      ctx.log(`ranks: first evaluation (once): ${evaluation} s, ${evaluated.reached} achievements`);
      // A day's volume on every inner node's legs, and a day of 2,000 buyers queued for ranks; then, as autovacuum
      // leaves the table, its dead row versions reclaimed.
      const nextDay = async () => {
        await addVolume();
        const queued = await queueDayOfBuyers(db, total + CHAIN, 2_000);
        ctx.log(`  a day of 2,000 buyers: ${queued.toLocaleString('en-US')} members queued for ranks`);
        await db.query(sql`VACUUM ANALYZE network_nodes`);
      };

      // The close of every day after: the same members matched again, their income wallets there since the first.
      await nextDay();
      const dayRef = await reference();
      await timedClose(
        'daily close',
        dayRef,
        () => closeDay(closeCtx, dayBefore(1), null),
        (result) =>
          `${result.members.toLocaleString('en-US')} members matched, ${result.paid} USDT paid, ranks of a day's buyers evaluated`,
      );

      // A close to review (docs/decisions/0040-close-review.md): the next day on the same network, computed
      // without credits, its review read, then paid (the income wallets exist by now, made by the close above).
      await nextDay();
      await updateSettings(portal.ctx, adminActor, { closeReview: true });
      const today = new Date().toISOString().slice(0, 10);
      const secondRef = await reference();
      await timedClose(
        'close to review: compute',
        secondRef,
        () => closeDay(closeCtx, today, null),
        (computed) => `${computed.members.toLocaleString('en-US')} members matched, nothing credited`,
      );
      await timedClose(
        'close to review: review',
        secondRef,
        () => closeReview(db, today),
        (review) =>
          `${review.membersPaid.toLocaleString('en-US')} members to pay, ${review.overThreshold.count.toLocaleString('en-US')} over the threshold`,
      );
      await timedClose(
        'close to review: pay',
        secondRef,
        () => payClose(closeCtx, today, null),
        (paid) => `${paid.paid} USDT credited`,
      );

      // The operator's reports over everything above, each one read: the income disclosure of the year (every
      // member counted) and the trial balance of the same days (every posting up to today read once).
      const year = { from: `${today.slice(0, 4)}-01-01`, to: today, format: 'json' as const };
      await timedClose(
        'income disclosure of the year',
        secondRef,
        () => readIncomeDisclosure(db, year, new Date()),
        (d) => `${d.members.toLocaleString('en-US')} members counted, median ${d.income.median} USDT`,
      );
      await timedClose(
        'trial balance of the year',
        secondRef,
        () => readTrialBalance(portal.ctx, year),
        (b) => `${b.lines.length} lines, ${b.totals.every((t) => t.balanced) ? 'balanced' : 'NOT BALANCED'}`,
      );
      // The proof of reserves the close is followed by: every member a leaf of the tree (goal: under 10 s at
      // 1,000,000 members), then one member's inclusion proof read and checked as their browser would.
      const proof = await timedClose(
        'proof of reserves (the tree)',
        secondRef,
        () => buildReserveProof(portal.ctx, { closeDate: today }),
        (p) => `${p?.members.toLocaleString('en-US')} leaves, root ${p?.root.hash.slice(0, 12)}…`,
      );
      const { rows: last } = await db.query<{ id: number }>(sql`SELECT max(user_id)::int AS id FROM members`);
      await timedClose(
        "a member's inclusion proof, read and checked",
        secondRef,
        async () => {
          const mine = await readMyReserveProof(db, last[0]!.id);
          if (mine.state !== 'included') return { ok: false, reason: mine.state, steps: 0 };
          const sha256 = async (text: string) => createHash('sha256').update(text).digest('hex');
          return { ...(await verifyInclusion(mine.inclusion, sha256)), steps: mine.inclusion.path.length };
        },
        (check) => `${check.ok ? 'verified' : 'NOT VERIFIED'} against root of proof ${proof?.id}, ${check.steps} steps`,
      );
    } finally {
      await portal.close();
    }
    return figures;
  },
};
export default scenario;
