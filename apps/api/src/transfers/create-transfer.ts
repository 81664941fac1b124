import { fromBaseUnits, toBaseUnits, usernameKey, type Transfer, type TransferBody } from '@portal/contract';
import type { AppContext } from '../context';
import { refusedSession } from '../auth/guard';
import { answerOfStoredKey, hashRequest, type IdempotentAnswer } from '../ledger/idempotency';
import { storedTransfer, transferAnswer } from './answer';
import { transferRefusal } from './refusal';
import type { TransferOutcome } from './transfer-group';

export interface CreateTransferInput {
  senderId: number;
  body: TransferBody;
  idempotencyKey?: string;
  /** The request's session when the route left its check to the statement (one round trip fewer). */
  uncheckedSessionId?: string;
}

/**
 * Deposit wallet to another member's deposit wallet (PRODUCT.md §8). The
 * transfer joins the group going to the database next (`ctx.groups`,
 * apps/api/src/money-groups.ts): one statement runs the group's transfers in
 * order and one commit ends them. Each is checked as alone: its session, its
 * key, and the refusals of apps/api/sql/functions/ledger_transfer_refusal.sql;
 * a refusal is its own outcome.
 */
export async function createTransfer(ctx: AppContext, input: CreateTransferInput): Promise<IdempotentAnswer<Transfer>> {
  const { senderId, body, idempotencyKey, uncheckedSessionId } = input;
  const request = { toUsername: usernameKey(body.toUsername), amount: fromBaseUnits(toBaseUnits(body.amount)) };
  const requestHash = idempotencyKey === undefined ? null : hashRequest(request);
  let outcome: TransferOutcome;
  try {
    outcome = await ctx.groups.transfer({ senderId, sessionId: uncheckedSessionId ?? null, toUsername: request.toUsername, amount: toBaseUnits(body.amount), key: idempotencyKey ?? null, hash: requestHash });
  } catch (error) {
    // Only reachable if a balance moved outside the statement's lock, or the settings kept changing.
    const code = statementRefusal(error);
    if (code === undefined) throw error;
    throw transferRefusal(code, (error as { detail?: string }).detail, body);
  }
  if ('refused' in outcome) {
    throw refusedSession(outcome.refused) ?? transferRefusal(outcome.refused, outcome.detail, { ...body, minimum: outcome.minimum });
  }
  if (!outcome.replayed) return { status: 201, body: transferAnswer(outcome.response), replayed: false };
  const stored = answerOfStoredKey(outcome, requestHash!);
  return { ...stored, body: storedTransfer(stored.body) };
}

/** The refusal a transfer's statement raised (PT409: the settings kept changing), if it did. */
function statementRefusal(error: unknown): string | undefined {
  const e = error as { code?: string; message?: string };
  if (e?.code === 'PT409') return e.message;
  if (e?.code === '23514' && String(e.message).includes('member_balance_not_negative')) return 'INSUFFICIENT_BALANCE';
  return undefined;
}
