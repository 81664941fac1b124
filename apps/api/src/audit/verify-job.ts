import type { AppContext } from '../context';
import type { Job } from '../shared/job-runner';
import { describeCheck } from './verify-chain';
import { verifyAuditChain } from './verification';

/**
 * The audit chain's verification as a job of shared/job-runner.ts
 * (docs/decisions/0054-audit-chain.md): a pass every 15 seconds checks the entries
 * added since the watermark, and once a day the whole chain, in parts of at
 * most PASS_POSITIONS run one after the other (verification.ts). The log line of each
 * pass that moves the watermark carries the last verified hash: a copy of the
 * chain's end outside the database, which a rewrite of the whole chain in the
 * database cannot change.
 */
export function auditVerifyJob(ctx: Pick<AppContext, 'db' | 'log' | 'now'>, everyMs = 15_000): Job {
  let reported = '';
  return {
    name: 'audit chain verification',
    everyMs,
    firstAfterMs: 5_000,
    pass: async () => {
      const { outcome, full } = await verifyAuditChain(ctx.db, ctx.now());
      if (outcome === 'busy' || outcome === 'waiting') return false;
      // A part of the whole chain checked: the next part at once.
      if (outcome.whole && outcome.more) return true;
      const text = describeCheck(outcome);
      if (!outcome.whole) ctx.log.error({ auditChain: outcome }, text);
      else if (full || text !== reported) ctx.log.info({ auditChain: outcome.last }, text);
      reported = text;
      return false;
    },
  };
}
