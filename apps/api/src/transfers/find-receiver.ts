import type { Receiver } from '@portal/contract';
import type { AppContext } from '../context';
import { checkTransfer } from './transfer-check';

/** A receiver looked up by username, the full name shown before confirming; refused as a transfer to them would be. */
export function findReceiver(ctx: AppContext, input: { senderId: number; username: string }): Promise<Receiver> {
  return checkTransfer(ctx.db, input.senderId, { toUsername: input.username });
}
