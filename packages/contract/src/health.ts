import { z } from 'zod';
import { chainStatusSchema } from './deposits';

/** The hot wallet in words, on /api/health and the admin dashboard. */
export const hotWalletCheckSchema = z.object({
  /**
   * low: less USDT than the live payouts need, no BNB for gas, or below the low-water mark; high: above its cap
   * (the `hotWalletCap` setting), the excess on its way back to the treasury or, where the treasury is cold, to be
   * moved by the operator; unknown: the node did not answer; off: no chain or no hot wallet.
   */
  state: z.enum(['ok', 'low', 'high', 'unknown', 'off']),
  message: z.string(),
});

/**
 * `/api/health`'s key states in words (beside `status` and `chain`): what an
 * operator looks at first. Counts and states only, no amounts: the answer is
 * public. GET /api/metrics (behind METRICS_TOKEN) carries the figures.
 */
export const healthChecksSchema = z.object({
  database: z.object({ state: z.literal('ok'), message: z.string() }),
  /** The deposit watcher: its state is the chain status's; absent without a chain. */
  watcher: z
    .object({
      state: chainStatusSchema.shape.status,
      /** Blocks between the head the watcher last saw and its cursor (finality depth included); null before its first pass. */
      lagBlocks: z.string().nullable(),
      awaitingFinality: z.number().int(),
      message: z.string(),
    })
    .optional(),
  payouts: z.object({
    state: z.enum(['ok', 'stuck', 'failed']),
    /** Payouts still being sent (queued, signed, broadcast, mined). */
    live: z.number().int(),
    stuck: z.number().int(),
    /** Withdrawals whose payout failed, waiting for an admin's retry or refund. */
    failed: z.number().int(),
    message: z.string(),
  }),
  hotWallet: hotWalletCheckSchema,
  /** Present while the portal is in set-up (one admin changes anything at once) although members have joined. */
  launch: z.object({ state: z.literal('setup'), message: z.string() }).optional(),
  /** This process's background jobs (apps/api/src/platform/jobs.ts): failing while one's last pass failed; absent where the process runs none. */
  jobs: z
    .object({
      state: z.enum(['ok', 'failing']),
      /** The jobs whose last passes failed, and how many in a row. */
      failing: z.array(z.object({ name: z.string(), failures: z.number().int() })),
      message: z.string(),
    })
    .optional(),
  /**
   * This process's upkeep of the tables (apps/api/src/platform/db/upkeep.ts): the passes that analyzed (and on the
   * embedded database vacuumed) tables, and the last one's time; absent where the process runs no jobs.
   */
  upkeep: z
    .object({
      state: z.literal('ok'),
      runs: z.number().int(),
      analyzed: z.number().int(),
      vacuumed: z.number().int(),
      /** The seconds all the passes took, and the last one. */
      seconds: z.number(),
      lastSeconds: z.number().nullable(),
      lastAt: z.string().nullable(),
      message: z.string(),
    })
    .optional(),
});
export type HealthChecks = z.infer<typeof healthChecksSchema>;
