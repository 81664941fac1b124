import type { AppContext } from '../../context';
import { sql } from '../../platform/db/sql';
import type { Job } from '../../shared/job-runner';
import { keepRenewed, newLeaseHolder, RENEW_EVERY_MS } from '../../shared/lease';
import { restoreCheckHolds } from './after-restore';
import { followInFlight } from './follow-in-flight';
import { keepUnderCap } from './return-excess';
import { releasePayoutLease, takePayoutLease } from './lease';
import type { PayoutHooks } from './pass';
import { startQueued } from './start-queued';
import { testPause } from '../../shared/test-pause';

/**
 * The payout job (docs/decisions/0014-withdrawals-and-payouts.md). Any API
 * process runs it; a lease row per (chain, hot wallet) lets only one run at
 * a time (`lease.ts`). Every step commits what it did before the next
 * starts, so a process that dies anywhere leaves a record the next pass
 * resumes from:
 *
 *   queued ─(nonce reserved, committed)─ queued+nonce ─(signed tx and hash
 *   stored, committed)─ signed ─(broadcast)─ broadcast ─(receipt)─ mined
 *   ─(final block)─ paid (+ journal entry: in flight → treasury and fees)
 *
 * `start-queued.ts` takes a payout to `broadcast`, `follow-in-flight.ts`
 * from there to `paid`, `settle.ts` ends it; each status is written by a
 * transition of `lifecycle.ts`, the table of them all. A payout never gets a second
 * nonce, and every transaction of it (the first and its fee-bumped
 * replacements, `transactions.ts`) spends that one nonce, so at most one of
 * them is ever mined: the payout records whichever it is. A payout fails
 * (`failed`, withdrawal `failed` with a plain reason) only before its nonce
 * is reserved (not enough tokens or gas), when its transaction reverted
 * on chain, or when another transaction from the hot wallet took its nonce
 * in a final block (none of its own mined); in each case nothing of it can
 * still land, and the withdrawal is retried (a new payout, a new nonce) or
 * refunded by an admin.
 */
export interface PassResult {
  /** Payouts that moved a step in this pass. */
  progressed: number;
  /** Payouts not yet paid or failed. */
  open: number;
  /** False when another process holds the hot wallet's lease. */
  ran: boolean;
}

export function createPayoutRunner(ctx: AppContext, hooks: PayoutHooks = {}, options: { renewEveryMs?: number } = {}) {
  const holder = newLeaseHolder();
  const { db } = ctx;

  /**
   * One pass over the hot wallet's payouts: follow what is in flight, settle
   * what is final, start what is queued. The lease is renewed while the pass
   * lasts (a pass over many payouts, each waiting on the node, may outlast
   * it); a pass whose lease was taken over stops at its next step.
   */
  async function pass(): Promise<PassResult> {
    const chain = ctx.chain;
    if (!chain?.hotWallet) return { progressed: 0, open: 0, ran: false };
    const wallet = chain.hotWallet.address;
    if (!(await takePayoutLease(db, chain.chainId, wallet, holder))) return { progressed: 0, open: 0, ran: false };
    const renewal = keepRenewed(
      () => takePayoutLease(db, chain.chainId, wallet, holder),
      (problem) =>
        'lost' in problem
          ? ctx.log.warn({ wallet }, 'payout lease taken over by another process; this pass stops')
          : ctx.log.warn({ err: problem.error, wallet }, 'payout lease not renewed'),
      options.renewEveryMs ?? RENEW_EVERY_MS,
    );
    try {
      const scope = { ctx, chain, wallet, token: await chain.token(), hooks, leaseHeld: () => renewal.held() };
      // After a restore, nothing is paid until the hot wallet's transfers since the backup are matched.
      const heldByRestore = await restoreCheckHolds(scope);
      if (heldByRestore > 0) return { progressed: 0, open: heldByRestore, ran: true };
      // Above the hot wallet's cap, with no payout open: the excess back to the treasury first (return-excess.ts).
      await keepUnderCap(scope);
      const progressed = (await followInFlight(scope)) + (await startQueued(scope));
      const open = await db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM payouts WHERE chain_id = ${chain.chainId} AND wallet = ${wallet} AND status NOT IN ('paid', 'failed')`,
      );
      return { progressed, open: open.rows[0]!.n, ran: true };
    } finally {
      await renewal.stop();
      if (renewal.held()) await releasePayoutLease(db, chain.chainId, wallet, holder);
    }
  }

  return { pass, holder };
}

export type PayoutRunner = ReturnType<typeof createPayoutRunner>;

/**
 * The payout job in the background (jobs.ts): a pass every
 * `everyMs`, at once again while payouts move and some are open, and at
 * once when an approval kicks it. The lease keeps other processes out.
 */
export function payoutJob(ctx: AppContext, everyMs = 1_000): Job {
  // Tests only: stop once a payout's transaction is signed and stored, not yet broadcast (multiprocess.test.ts).
  const runner = createPayoutRunner(
    ctx,
    ctx.config.testJobPauseMs ? { after: (step) => (step === 'signed' ? testPause(ctx, 'payout') : undefined) } : {},
  );
  return {
    name: 'payout pass',
    everyMs,
    firstAfterMs: everyMs,
    async pass() {
      const result = await runner.pass();
      return result.progressed > 0 && result.open > 0;
    },
  };
}
