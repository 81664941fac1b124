import { fromBaseUnits, toBaseUnits, usernameKey, type Transfer, type TransferBody } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { groupCommit } from '../platform/db/group-commit';
import type { MemberMoneyInput } from '../shared/member-money-input';
import { refusedSession } from '../shared/errors';
import { answerOfOutcome, hashRequest, type GroupOutcome, type IdempotentAnswer } from '../ledger/idempotency';
import { isNegativeBalanceViolation } from '../ledger/post';
import { part } from '../per-process';
import { runUnderSettingsInForce } from '../settings/in-force';
import { storedTransfer, type TransferResult } from './answer';
import { transferPrice } from './price';
import { transferRefusal } from './refusal';

/** The sender is the member making the request. */
export type CreateTransferInput = MemberMoneyInput<TransferBody>;

/**
 * Deposit wallet to another member's deposit wallet (PRODUCT.md §8). The
 * transfer joins the group going to the database next (`transferGroup`,
 * below): one statement (`runTransferGroup`, below)
 * runs the group's transfers in order and one commit ends them. Each is
 * checked as alone: its session, its key, and the refusals of
 * apps/api/sql/functions/ledger_transfer_refusal.sql; a refusal is its own
 * outcome.
 */
export async function createTransfer(ctx: AppContext, input: CreateTransferInput): Promise<IdempotentAnswer<Transfer>> {
  const { memberId: senderId, body, idempotencyKey, uncheckedSessionId } = input;
  const request = { toUsername: usernameKey(body.toUsername), amount: fromBaseUnits(toBaseUnits(body.amount)) };
  const requestHash = idempotencyKey === undefined ? null : hashRequest(request);
  let outcome: TransferOutcome;
  try {
    outcome = await transferGroup(ctx)({
      senderId,
      sessionId: uncheckedSessionId ?? null,
      toUsername: request.toUsername,
      amount: toBaseUnits(body.amount),
      key: idempotencyKey ?? null,
      hash: requestHash,
    });
  } catch (error) {
    // Only reachable if a balance moved outside the statement's lock, or the settings kept changing.
    const code = statementRefusal(error);
    if (code === undefined) throw error;
    throw transferRefusal(code, (error as { detail?: string }).detail, body);
  }
  if ('refused' in outcome) {
    throw (
      refusedSession(outcome.refused) ??
      transferRefusal(outcome.refused, outcome.detail, { ...body, minimum: outcome.minimum })
    );
  }
  return answerOfOutcome(outcome, requestHash, storedTransfer);
}

/** The transfers' group commit (docs/decisions/0025-group-commit-for-the-hot-money-paths.md): one queue per process and database, so every transfer of the process joins it. */
const TRANSFER_GROUP = part<(request: TransferRequest) => Promise<TransferOutcome>>('the transfers group commit');

const transferGroup = (ctx: AppContext) =>
  ctx.perProcess.of(TRANSFER_GROUP, () => groupCommit(runTransferGroup(ctx.db), { maxGroup: 32, concurrency: 1 }));

/** The refusal a transfer's statement raised (PT409: the settings kept changing), if it did. */
function statementRefusal(error: unknown): string | undefined {
  const e = error as { code?: string; message?: string };
  if (e?.code === 'PT409') return e.message;
  if (isNegativeBalanceViolation(error)) return 'INSUFFICIENT_BALANCE';
  return undefined;
}

/** A transfer as it goes to `ledger_transfers`: amounts in base units, the receiver by username key. */
export interface TransferRequest {
  senderId: number;
  sessionId: string | null;
  toUsername: string;
  amount: bigint;
  key: string | null;
  hash: string | null;
}

/** One transfer's outcome: done, a repeated key's stored answer, or refused (with the minimum it was priced against). */
export type TransferOutcome = GroupOutcome<TransferResult, Transfer, { minimum: bigint }>;

/**
 * Runs a group of transfers in one statement (`ledger_transfers`,
 * apps/api/sql/functions/ledger_transfers.sql), each priced under the
 * settings in force: what `transferGroup`
 * runs for the transfers that arrived together
 * (docs/decisions/0025-group-commit-for-the-hot-money-paths.md).
 */
export function runTransferGroup(db: Sql) {
  return (requests: TransferRequest[]): Promise<TransferOutcome[]> =>
    runUnderSettingsInForce(db, async (known) => {
      const priced = requests.map((r) => ({ request: r, ...transferPrice(r.amount, known.settings) }));
      const group = priced.map(({ request, amount, fee, minimum }) => ({
        sender: request.senderId,
        session: request.sessionId,
        to: request.toUsername,
        amount: amount.toString(),
        fee: fee.toString(),
        minimum: minimum.toString(),
        key: request.key,
        hash: request.hash,
      }));
      const { rows } = await db.query<{ outcomes: TransferOutcome[] }>(
        sql`SELECT ledger_transfers(${JSON.stringify(group)}::jsonb, ${known.version}::uuid) AS outcomes`,
      );
      return rows[0]!.outcomes.map((outcome, i) =>
        'refused' in outcome ? { ...outcome, minimum: priced[i]!.minimum } : outcome,
      );
    });
}
