import {
  feeFor,
  fromBaseUnits,
  toBaseUnits,
  usernameKey,
  type Receiver,
  type Transfer,
  type TransferBody,
  type TransferQuote,
  type TransferTerms,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { refusedSession } from '../http/guard';
import { groupCommit } from '../db/group-commit';
import { hashRequest, storedAnswer, type IdempotentAnswer } from '../ledger/idempotency';
import { assertCanSpend, insufficientBalance } from '../ledger/post';
import { lastReadSettings, readSettings, readVersionedSettings } from '../settings/service';
import { unprocessable } from '../shared/errors';
import { sql } from '../db/sql';

interface Party {
  id: number;
  username: string;
  full_name: string;
}

/**
 * Deposit wallet to another member's deposit wallet (PRODUCT.md §8): by the
 * receiver's username, at least the minimum, the fee taken from the amount,
 * never to oneself, never to a blocked account.
 */
export function createTransferService(ctx: AppContext) {
  const { db } = ctx;
  const sendTransfer = groupCommit(transferGroups(db), { maxGroup: 32, concurrency: 1 });

  /** The receiver, or the reason a transfer to them is refused. `lock` holds their status until commit. */
  async function findReceiver(db: Sql, senderId: number, username: string, lock = false): Promise<Party> {
    const { rows } = await db.query<Party & { status: string; is_member: boolean; is_root: boolean }>(
      sql`SELECT u.id, u.username, u.full_name, u.status, (m.user_id IS NOT NULL) AS is_member,
              (m.user_id IS NOT NULL AND m.sponsor_id IS NULL) AS is_root
         FROM users u LEFT JOIN members m ON m.user_id = u.id
        WHERE u.username_key = ${usernameKey(username)}
        ${lock ? sql`FOR SHARE OF u` : sql.empty}`,
    );
    const receiver = rows[0];
    if (!receiver?.is_member) throw refusal('RECEIVER_NOT_FOUND', undefined, { toUsername: username });
    if (receiver.is_root) throw refusal('RECEIVER_IS_ROOT', undefined, { toUsername: username });
    if (receiver.id === senderId) throw refusal('TRANSFER_TO_SELF', undefined, { toUsername: username });
    if (receiver.status !== 'active') throw refusal('RECEIVER_BLOCKED', receiver.username, { toUsername: username });
    return receiver;
  }

  /** Amount, fee and what arrives, under the settings in force; refuses what a transfer would refuse. */
  async function price(db: Sql, body: TransferBody) {
    const priced = transferPrice(toBaseUnits(body.amount), await readSettings(db));
    if (priced.amount < priced.minimum) throw refusal('BELOW_MINIMUM', undefined, { ...body, minimum: priced.minimum });
    if (priced.received <= 0n) throw refusal('AMOUNT_TOO_SMALL', undefined, body);
    return priced;
  }

  return {
    async terms(): Promise<TransferTerms> {
      const settings = await readSettings(db);
      return { minimum: fromBaseUnits(toBaseUnits(settings.transferMinimum)), feePercent: settings.transferFeePercent };
    },

    async receiver(senderId: number, username: string): Promise<Receiver> {
      const receiver = await findReceiver(db, senderId, username);
      return { username: receiver.username, fullName: receiver.full_name };
    },

    /** Everything the confirmation dialog restates, checked as the transfer itself would be. */
    async quote(senderId: number, body: TransferBody): Promise<TransferQuote> {
      const receiver = await findReceiver(db, senderId, body.toUsername);
      const { amount, fee, received, feePercent } = await price(db, body);
      await assertCanSpend(db, { member: senderId, wallet: 'deposit' }, amount);
      return {
        receiver: { username: receiver.username, fullName: receiver.full_name },
        amount: fromBaseUnits(amount),
        fee: fromBaseUnits(fee),
        feePercent,
        received: fromBaseUnits(received),
      };
    },

    /**
     * The transfer joins the group going to the database next (ADR 0025):
     * one statement (`ledger_transfers`, apps/api/sql/functions/ledger_transfers.sql) runs the group's
     * transfers in order and one commit ends them. Each is checked as alone:
     * its session when `uncheckedSessionId` is given (the route left it), its
     * key, its receiver, price and balance; a refusal is its own outcome.
     */
    async create(senderId: number, body: TransferBody, idempotencyKey?: string, uncheckedSessionId?: string): Promise<IdempotentAnswer<Transfer>> {
      const request = { toUsername: usernameKey(body.toUsername), amount: fromBaseUnits(toBaseUnits(body.amount)) };
      const requestHash = idempotencyKey === undefined ? null : hashRequest(request);
      let outcome: TransferOutcome;
      try {
        outcome = await sendTransfer({ senderId, sessionId: uncheckedSessionId ?? null, toUsername: request.toUsername, amount: toBaseUnits(body.amount), key: idempotencyKey ?? null, hash: requestHash });
      } catch (error) {
        // Only reachable if a balance moved outside the statement's lock, or the settings kept changing.
        const code = transferRefusal(error);
        if (code === undefined) throw error;
        throw refusal(code, (error as { detail?: string }).detail, body);
      }
      if ('refused' in outcome) {
        throw refusedSession(outcome.refused) ?? refusal(outcome.refused, outcome.detail ?? undefined, { ...body, minimum: outcome.minimum });
      }
      if (!outcome.replayed) return { status: 201, body: outcome.response!, replayed: false };
      return storedAnswer<Transfer>(outcome.hash ?? undefined, requestHash!, outcome.status ?? null, outcome.response);
    },
  };
}

/** A transfer as it goes to `ledger_transfers`: amounts in base units, the receiver by username key. */
interface TransferRequest {
  senderId: number;
  sessionId: string | null;
  toUsername: string;
  amount: bigint;
  key: string | null;
  hash: string | null;
}

/** One transfer's outcome: done, a repeated key's stored answer, or refused (with the minimum it was priced against). */
type TransferOutcome =
  | { replayed: boolean; hash?: string; status?: number | null; response: Transfer | null }
  | { refused: string; detail?: string | null; minimum: bigint };

/**
 * Runs a group of transfers in one statement, priced with the settings this
 * process read last; `ledger_transfers` refuses the group with
 * SETTINGS_CHANGED unless they are the settings in force when it runs, and
 * the group is priced again with the settings read anew.
 */
function transferGroups(db: Sql) {
  return async function runTransfers(requests: TransferRequest[]): Promise<TransferOutcome[]> {
    let known = lastReadSettings() ?? (await readVersionedSettings(db));
    for (let attempt = 1; ; attempt += 1) {
      const priced = requests.map((r) => ({ request: r, ...transferPrice(r.amount, known.settings) }));
      const group = priced.map(({ request, amount, fee, received, minimum }) => ({
        sender: request.senderId,
        session: request.sessionId,
        to: request.toUsername,
        amount: amount.toString(),
        fee: fee.toString(),
        minimum: minimum.toString(),
        key: request.key,
        hash: request.hash,
        amountText: fromBaseUnits(amount),
        feeText: fromBaseUnits(fee),
        receivedText: fromBaseUnits(received),
      }));
      try {
        const { rows } = await db.query<{ outcomes: TransferOutcome[] }>(
          sql`SELECT ledger_transfers(${JSON.stringify(group)}::jsonb, ${known.version}::uuid) AS outcomes`,
        );
        return rows[0]!.outcomes.map((outcome, i) => ('refused' in outcome ? { ...outcome, minimum: priced[i]!.minimum } : outcome));
      } catch (error) {
        if (transferRefusal(error) !== 'SETTINGS_CHANGED' || attempt >= 5) throw error;
        known = await readVersionedSettings(db);
      }
    }
  };
}

/** The error code a transfer's statement raised (PT409 for settings that changed), if it did. */
function transferRefusal(error: unknown): string | undefined {
  const e = error as { code?: string; message?: string; constraint?: string };
  if (e?.code === 'PT409') return e.message;
  // Only reachable if a balance moved outside the function's lock.
  if (e?.code === '23514' && String(e.message).includes('member_balance_not_negative')) return 'INSUFFICIENT_BALANCE';
  return undefined;
}

/**
 * A transfer's price under `settings`: the amount, the fee taken from it,
 * what arrives, and the minimum it is checked against. The quote and the
 * statement both price here.
 */
function transferPrice(amount: bigint, settings: { transferMinimum: string; transferFeePercent: string }) {
  const fee = feeFor(amount, settings.transferFeePercent);
  return { amount, fee, received: amount - fee, minimum: toBaseUnits(settings.transferMinimum), feePercent: settings.transferFeePercent };
}

/**
 * Every refusal of a transfer, in words, whoever finds it: the quote's
 * checks, or `ledger_transfers` (its code and detail). The company's root
 * member tops the trees and belongs to no one: it receives no transfer
 * (issue 15, point 12).
 */
function refusal(code: string, detail: string | undefined, context: { toUsername: string; amount?: string; minimum?: bigint }) {
  const { toUsername, amount, minimum } = context;
  switch (code) {
    case 'RECEIVER_NOT_FOUND':
      return unprocessable('RECEIVER_NOT_FOUND', `No member has the username "${toUsername}".`, 'toUsername');
    case 'RECEIVER_IS_ROOT':
      return unprocessable('RECEIVER_IS_ROOT', "That is the company's account, which cannot receive transfers. Send to a member.", 'toUsername');
    case 'TRANSFER_TO_SELF':
      return unprocessable('TRANSFER_TO_SELF', 'You cannot transfer to yourself.', 'toUsername');
    case 'RECEIVER_BLOCKED':
      return unprocessable('RECEIVER_BLOCKED', `The account of "${detail}" is blocked and cannot receive transfers.`, 'toUsername');
    case 'BELOW_MINIMUM':
      return unprocessable('BELOW_MINIMUM', `The minimum transfer is ${fromBaseUnits(minimum ?? 0n)} USDT.`, 'amount');
    case 'AMOUNT_TOO_SMALL':
      return unprocessable('AMOUNT_TOO_SMALL', 'After the fee nothing would arrive. Send a larger amount.', 'amount');
    case 'INSUFFICIENT_BALANCE':
      return detail === undefined
        ? unprocessable('INSUFFICIENT_BALANCE', 'Insufficient balance for this operation.')
        : insufficientBalance({ member: 0, wallet: 'deposit' }, BigInt(detail), toBaseUnits(amount ?? '0'));
    default:
      return new Error(`ledger_transfers refused with ${code}`);
  }
}
