import type { AppContext } from '../context';
import { auditVerifyJob } from '../audit/verify-job';
import { rescanJob } from '../deposits/rescan/job';
import { createDepositWatcher } from '../deposits/watcher';
import { dailyTotalsJob } from '../dashboard/rollup';
import { networkRollupJob } from '../network/rollup';
import { closeSchedulerJob } from '../plan/close';
import { payoutJob } from '../withdrawals/payout/job';
import { runJob } from '../shared/job-runner';
import { upkeepJob } from './db/upkeep';
import { simulationJob } from '../simulator/replay';
import { pendingChangesJob } from '../pending-changes';
import cluster from 'node:cluster';
import { signingRequestsJob } from '../signing/job';
import { reserveProofJob } from '../reserves/reserve-proof-job';
import { webhooksJob } from '../webhooks/deliver';
import { notificationMailsJob } from '../notifications/mail/send-due-mails';
import { notificationDigestsJob } from '../notifications/mail/send-digests';

/**
 * Every background job of a process, each in the one loop of shared/job-runner.ts
 * (main.ts `serve` starts them once the app listens). Each pass takes its
 * own cross-process lock, the kind its work needs
 * (docs/decisions/0030-several-processes.md):
 *
 * - the network roll-up (network/rollup.ts): a transaction-scoped advisory
 *   lock per batch, the one the daily close also takes;
 * - the daily close's scheduler (plan/close.ts): the close lock inside the
 *   close's transaction, and the day's primary key; a reviewed close's
 *   automatic pay (plan/pay.ts) takes the same lock, and the pay's key;
 * - the deposit watcher (deposits/watcher.ts): the lease on its cursor row,
 *   renewed by every range it records (shared/lease.ts);
 * - the payout job (withdrawals/payout/job.ts): a lease row per hot wallet
 *   for the pass (shared/lease.ts);
 * - the deposit rescan (deposits/rescan/job.ts): the lease on the running
 *   rescan's row, renewed by every chunk it records (shared/lease.ts);
 * - the daily totals' roll-up (dashboard/rollup.ts): a transaction-scoped
 *   advisory lock per pass, and the watermark row it moves;
 * - the plan simulator (simulator/replay.ts): the lease on the running
 *   simulation's row, renewed by every day it replays (shared/lease.ts);
 * - the pending changes (pending-changes.ts): each due change's row,
 *   claimed FOR UPDATE SKIP LOCKED in the transaction that applies it;
 * - the audit chain's verification (audit/verify-job.ts): a
 *   transaction-scoped advisory lock per pass, and the watermark row it moves;
 * - the tables' upkeep (db/upkeep.ts): a transaction-scoped advisory lock
 *   per pass on PostgreSQL; PGlite is one process;
 * - the proof of reserves after each close (reserves/reserve-proof-job.ts):
 *   a transaction-scoped advisory lock, and the close's unique proof;
 * - the webhook deliveries (webhooks/deliver.ts): each due delivery claimed
 *   FOR UPDATE SKIP LOCKED with a lease on its next attempt (webhooks/claim.ts);
 * - the notification mails and the daily digests (notifications/mail/send-due-mails.ts,
 *   notifications/mail/send-digests.ts): the same claims, and one digest row per member and day.
 *
 * Answers what AppContext.jobs carries and `stop`.
 */
export function startJobs(ctx: AppContext): NonNullable<AppContext['jobs']> & { stop(): Promise<void> } {
  const rollup = runJob(ctx.log, networkRollupJob(ctx.db));
  const closes = runJob(ctx.log, closeSchedulerJob(ctx));
  const watcher = ctx.chain ? runJob(ctx.log, createDepositWatcher(ctx, ctx.chain)) : undefined;
  const payouts = runJob(ctx.log, payoutJob(ctx, ctx.chain?.settings.pollMs));
  const rescans = ctx.chain ? runJob(ctx.log, rescanJob(ctx, ctx.chain)) : undefined;
  const totals = runJob(
    ctx.log,
    dailyTotalsJob(ctx.db, () => ctx.now()),
  );
  const simulations = runJob(ctx.log, simulationJob(ctx));
  const changes = runJob(ctx.log, pendingChangesJob(ctx));
  const auditChain = runJob(ctx.log, auditVerifyJob(ctx));
  // What a web process asked this one to sign (signing/hand-off.ts).
  const signing = ctx.chain ? runJob(ctx.log, signingRequestsJob(ctx)) : undefined;
  const upkeep = runJob(ctx.log, upkeepJob(ctx));
  const reserves = runJob(ctx.log, reserveProofJob(ctx));
  const webhooks = runJob(ctx.log, webhooksJob(ctx));
  const mails = runJob(ctx.log, notificationMailsJob(ctx));
  const digests = runJob(ctx.log, notificationDigestsJob(ctx));
  return {
    kickPayouts: () => payouts.kick(),
    kickRescans: () => rescans?.kick(),
    kickSimulations: () => simulations.kick(),
    kickSigning: () => signing?.kick(),
    kickWebhooks: () => webhooks.kick(),
    status: () =>
      [
        rollup,
        closes,
        watcher,
        payouts,
        rescans,
        totals,
        simulations,
        changes,
        auditChain,
        signing,
        upkeep,
        reserves,
        webhooks,
        mails,
        digests,
      ].flatMap((job) => (job ? [job.status()] : [])),
    async stop() {
      await Promise.all([
        rollup.stop(),
        closes.stop(),
        watcher?.stop(),
        payouts.stop(),
        rescans?.stop(),
        totals.stop(),
        simulations.stop(),
        changes.stop(),
        auditChain.stop(),
        signing?.stop(),
        upkeep.stop(),
        reserves.stop(),
        webhooks.stop(),
        mails.stop(),
        digests.stop(),
      ]);
    },
  };
}

/** A message from a web worker of the cluster: start this job's pass now (main.ts). */
type Kick = { portalKick: 'payouts' | 'rescans' | 'simulations' | 'signing' | 'webhooks' };

/**
 * A web worker's `ctx.jobs` (PORTAL_ROLE=web runs no job): each kick goes
 * to the cluster's primary, which runs the jobs. Without a primary (a web
 * process on its own) the jobs process finds the work on its next pass.
 */
export function forwardKicks(): NonNullable<AppContext['jobs']> {
  const send = (job: Kick['portalKick']) => () => void process.send?.({ portalKick: job } satisfies Kick);
  return {
    kickPayouts: send('payouts'),
    kickRescans: send('rescans'),
    kickSimulations: send('simulations'),
    kickSigning: send('signing'),
    kickWebhooks: send('webhooks'),
    status: () => [],
  };
}

/** The primary's side of `forwardKicks`. */
export function kickFromWorkers(jobs: NonNullable<AppContext['jobs']>): void {
  cluster.on('message', (_worker, message: Partial<Kick> | undefined) => {
    const kicks: Record<Kick['portalKick'], () => void> = {
      payouts: () => jobs.kickPayouts(),
      rescans: () => jobs.kickRescans(),
      simulations: () => jobs.kickSimulations(),
      signing: () => jobs.kickSigning?.(),
      webhooks: () => jobs.kickWebhooks?.(),
    };
    if (message?.portalKick && message.portalKick in kicks) kicks[message.portalKick]();
  });
}
