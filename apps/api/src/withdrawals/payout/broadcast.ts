import type { Hex } from 'viem';
import type { PayoutPass } from './pass';
import { whenRefused } from './refused';
import { recordBroadcast, sendPayoutTransaction, type PayoutRow } from './transactions';

/**
 * Sends a stored transaction of the payout and records it as broadcast. A
 * used nonce records it as broadcast too, with a note: only the follower,
 * reading receipts and the wallet's final nonce, can tell whether the payout
 * was mined or its nonce taken. A refusal is handed to `refused.ts`, so one
 * refused payout never stops the payouts after it; a send the node never
 * answered throws, and the next pass sends the same bytes again.
 */
export async function broadcastPayout(pass: PayoutPass, payout: PayoutRow, raw: Hex): Promise<void> {
  const { ctx, chain } = pass;
  const sent = await sendPayoutTransaction(chain, raw);
  if (sent.outcome === 'refused') return whenRefused(pass, payout, sent.refusal!);
  await recordBroadcast(
    ctx,
    payout.id,
    raw,
    sent.outcome === 'nonce-used'
      ? 'The node answered "nonce too low": this nonce is used; checking whether the payout itself was mined.'
      : null,
  );
}
