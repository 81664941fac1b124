import { z } from 'zod';

/**
 * After `npm run db:restore`: the payouts approved and not yet paid in the
 * backup, held until the payout job matched them with the hot wallet's
 * transfers on chain since the backup's block (apps/api/src/withdrawals/payout/after-restore.ts).
 */
export const restoreCheckSchema = z.object({
  id: z.number().int(),
  restoredAt: z.string(),
  /** The first block read (the deposit watcher's cursor in the backup). */
  fromBlock: z.string().nullable(),
  /** The last block read: the head when the check first ran. */
  toBlock: z.string().nullable(),
  /** `pending`: no payout is paid until it is done. */
  status: z.enum(['pending', 'done']),
  finishedAt: z.string().nullable(),
  payouts: z.array(
    z.object({
      payoutId: z.number().int(),
      withdrawalId: z.number().int(),
      /** `found`: paid by the old portal after the backup, settled as paid; `released`: not on chain, paid as usual. */
      outcome: z.enum(['found', 'released']).nullable(),
      txHash: z.string().nullable(),
      explorerUrl: z.string().nullable(),
    }),
  ),
});

export const restoreCheckListSchema = z.object({ items: z.array(restoreCheckSchema) });
export type RestoreCheckList = z.infer<typeof restoreCheckListSchema>;
