import type { FastifyBaseLogger } from 'fastify';

/**
 * TEST_JOB_PAUSE_MS (NODE_ENV=test only, config.ts): a background job stops
 * here in the middle of its work, after something is committed and before it
 * is finished, so that apps/api/test/multiprocess.test.ts can kill the
 * process at that point and show another process finishing the job. A
 * no-op in every other configuration.
 */
export async function testPause(
  // An AppContext, named by the parts it reads: shared/ stands below context.ts.
  ctx: { config: { testJobPauseMs?: number; env: string }; log: FastifyBaseLogger },
  job: 'payout' | 'close' | 'consolidation',
): Promise<void> {
  const ms = ctx.config.testJobPauseMs;
  if (!ms || ctx.config.env !== 'test') return;
  ctx.log.warn({ testPause: job, ms }, `test pause: ${job}`);
  await new Promise((resolve) => setTimeout(resolve, ms));
}
