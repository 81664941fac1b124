import { fromBaseUnits, STUCK_PAYOUT_MINUTES, type ChainStatus, type HealthChecks } from '@portal/contract';
import type { AppContext } from '../context';
import { chainSnapshotOf } from '../platform/metrics/chain-snapshot';
import { belowLowWater } from '../deposits/hot-wallet-funding';
import { aboveCap, hotWalletNeeds } from '../withdrawals/payout/hot-wallet';
import { readAwaitingFinality, readPayoutFigures, type PayoutFigures } from '../platform/metrics/queries';
import { readSettings } from '../settings/in-force';
import { launchState } from '../changes/launch';
import { upkeepRecord } from '../platform/db/upkeep';

/**
 * `/api/health`'s `checks`: the states an operator alerts on, in words,
 * from the same reads as GET /api/metrics (platform/metrics/queries.ts, and the
 * chain read at most every 15 s, platform/metrics/chain-snapshot.ts). Kept apart from
 * readiness.ts: readiness decides ok or 503, these only describe.
 */
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Payouts still being sent (queued, signed, broadcast, mined). */
const liveCount = (payouts: PayoutFigures) =>
  payouts.byState.queued + payouts.byState.signed + payouts.byState.broadcast + payouts.byState.mined;

/**
 * A load balancer's health check must not wait for a slow node's timeouts:
 * past this, the hot wallet is `unknown` and the read goes on, cached for
 * the next check (platform/metrics/chain-snapshot.ts).
 */
const CHAIN_WAIT_SECONDS = 1;

function withinSeconds<T>(value: Promise<T>, seconds: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), seconds * 1000);
    timer.unref();
  });
  return Promise.race([value, late]).finally(() => clearTimeout(timer));
}

export async function healthChecks(ctx: AppContext, chainStatus: ChainStatus | undefined): Promise<HealthChecks> {
  const chain = ctx.chain;
  const payoutsRead = readPayoutFigures(ctx);
  const [payouts, awaitingFinality, hotWallet, launch] = await Promise.all([
    payoutsRead,
    chain ? readAwaitingFinality(ctx, chain) : undefined,
    hotWalletCheck(ctx, () => payoutsRead),
    launchState(ctx.db),
  ]);
  const live = liveCount(payouts);

  const checks: HealthChecks = {
    database: { state: 'ok', message: 'The database answers.' },
    payouts: {
      state: payouts.stuck > 0 ? 'stuck' : payouts.failedWithdrawals > 0 ? 'failed' : 'ok',
      live,
      stuck: payouts.stuck,
      failed: payouts.failedWithdrawals,
      message:
        [
          `${plural(live, 'payout')} being sent`,
          payouts.stuck > 0
            ? `${plural(payouts.stuck, 'payout')} stuck (not mined, or not started, ${STUCK_PAYOUT_MINUTES} minutes on)`
            : 'none stuck',
          payouts.failedWithdrawals > 0
            ? `${plural(payouts.failedWithdrawals, 'failed payout')} waiting for an admin's retry or refund`
            : 'no failed payout waiting',
        ].join('; ') + '.',
    },
    hotWallet,
  };

  if (chain && awaitingFinality !== undefined) {
    // The watcher's cursor as readiness.ts read it (its `scannedTo` is the next block to scan).
    const lag =
      chainStatus?.latestBlock != null && chainStatus.scannedTo !== null
        ? BigInt(chainStatus.latestBlock) - (BigInt(chainStatus.scannedTo) - 1n)
        : null;
    const state = chainStatus?.status ?? 'starting';
    const where =
      lag === null
        ? 'The deposit watcher has not made its first pass yet'
        : `The deposit watcher is ${plural(Number(lag), 'block')} behind the head it last saw`;
    const words: Partial<Record<typeof state, string>> = {
      ok: '',
      lagging: ' and catching up',
      unreachable: ', and the node does not answer',
      starting: '',
      off: '',
    };
    checks.watcher = {
      state,
      lagBlocks: lag === null ? null : lag.toString(),
      awaitingFinality,
      message: `${where}${words[state] ?? ` (${state})`}; ${plural(awaitingFinality, 'deposit waits', 'deposits wait')} for finality.`,
    };
  }

  // Members trust a portal where one admin can still change anything at once: say so (docs/decisions/0052-four-eyes-and-a-delay.md).
  if (launch.state === 'setup' && launch.membersJoined) {
    checks.launch = {
      state: 'setup',
      message:
        'The portal is still in set-up although members have joined: any one admin can change any setting at once. An admin declares it live on the admin dashboard.',
    };
  }

  // A web process runs no job (PORTAL_ROLE=web): it says nothing of them.
  const jobs = ctx.jobs?.status();
  if (jobs?.length) {
    const failing = jobs.filter((job) => job.failures > 0).map(({ name, failures }) => ({ name, failures }));
    checks.jobs = {
      state: failing.length ? 'failing' : 'ok',
      failing,
      // Names and counts only: the errors are in the log (the route is public).
      message: failing.length
        ? `${failing.map((job) => `${job.name} failed its last ${plural(job.failures, 'pass', 'passes')}`).join('; ')}; see the log. The job retries with back-off.`
        : `None of the ${plural(jobs.length, 'background job')} of this process is failing.`,
    };
  }

  if (jobs) {
    const upkeep = upkeepRecord(ctx);
    checks.upkeep = {
      state: 'ok',
      runs: upkeep.runs,
      analyzed: upkeep.analyzed,
      vacuumed: upkeep.vacuumed,
      seconds: Math.round(upkeep.seconds * 1000) / 1000,
      lastSeconds: upkeep.last ? Math.round(upkeep.last.seconds * 1000) / 1000 : null,
      lastAt: upkeep.last?.at.toISOString() ?? null,
      message: upkeep.last
        ? `${plural(upkeep.runs, 'upkeep pass', 'upkeep passes')} analyzed ${plural(upkeep.analyzed, 'table')}${ctx.db.kind === 'pglite' ? ` and vacuumed ${plural(upkeep.vacuumed, 'table')}` : ''} in ${upkeep.seconds.toFixed(1)} s; the last took ${upkeep.last.seconds.toFixed(2)} s.`
        : 'No table has needed an analyze yet.',
    };
  }

  return checks;
}

/**
 * The hot wallet in words, for /api/health and the admin dashboard
 * (dashboard/read-admin-dashboard.ts): `low` when it holds less USDT than the payouts
 * being sent need, has no BNB for gas, or is below the `hotWalletLowWater`
 * setting (deposits/hot-wallet-funding.ts). No amounts: /api/health is public.
 * `payouts` is called only when there is a hot wallet to weigh them against.
 */
export async function hotWalletCheck(
  ctx: AppContext,
  payouts: () => Promise<PayoutFigures>,
  /** The admin dashboard says how much is above the cap; /api/health (public) does not. */
  options: { amounts?: boolean } = {},
): Promise<HealthChecks['hotWallet']> {
  const chain = ctx.chain;
  if (!chain?.hotWalletAddress)
    return {
      state: 'off',
      message: chain
        ? 'No hot wallet is configured (HOT_WALLET_KEY): withdrawals cannot be paid.'
        : 'No chain: withdrawals are not paid.',
    };
  const [payoutFigures, figures, settings] = await Promise.all([
    payouts(),
    withinSeconds(chainSnapshotOf(ctx)!.figures(), CHAIN_WAIT_SECONDS),
    readSettings(ctx.db),
  ]);
  if (figures === 'late')
    return { state: 'unknown', message: 'The node is slow to answer: the hot wallet balance is not known yet.' };
  if (!figures.ok) return { state: 'unknown', message: 'The node did not answer: the hot wallet balance is unknown.' };
  const live = liveCount(payoutFigures);
  const hot = figures.wallets.find((w) => w.role === 'hot')!;
  const short = hot.token < payoutFigures.liveAmount;
  const noGas = hot.bnb === 0n;
  const lowWater = belowLowWater(settings, hot.token);
  if (!short && !noGas && !lowWater) {
    const needs = await hotWalletNeeds(ctx.db);
    const excess = aboveCap(settings, hot.token, needs.owed + needs.pendingNet);
    if (excess > 0n) {
      const what = options.amounts
        ? `The hot wallet holds ${fromBaseUnits(excess)} USDT above its cap`
        : 'The hot wallet holds more than its cap';
      return {
        state: 'high',
        message: chain.treasuryKeyHeld
          ? `${what}: the portal sends it back to the treasury once no payout is being sent.`
          : `${what} and the treasury is cold: move the excess to the treasury from the hot wallet (BEP20 Wallets says how much), or raise the cap.`,
      };
    }
    return {
      state: 'ok',
      message: `The hot wallet covers the ${plural(live, 'payout')} being sent and has BNB for gas.`,
    };
  }
  return {
    state: 'low',
    message:
      [
        short ? `The hot wallet holds less USDT than the ${plural(live, 'payout')} being sent need` : '',
        noGas ? 'The hot wallet has no BNB for gas' : '',
        lowWater ? 'The hot wallet is below its low-water mark: fund it on BEP20 Wallets' : '',
      ]
        .filter(Boolean)
        .join('; ') + '.',
  };
}
