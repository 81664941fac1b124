import { getAddress } from 'viem';
import { fromBaseUnits, toBaseUnits, type CapitalBody, type CapitalBooking } from '@portal/contract';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { postEntry } from '../ledger/post';

/**
 * Capital an operator sent to the portal's wallets (the hot wallet, most
 * often) from an outside address, booked by an admin: the treasury account
 * records USDT that came in on chain and the company's capital account the
 * other side, so the reconciliation (wallets.ts) expects it and
 * shows nothing unexplained. Audited with the sender and the reason; the
 * portal cannot tell such a transfer from any other, so an admin says what it is.
 */
export async function bookCapital(
  ctx: AppContext,
  actor: Actor,
  body: CapitalBody,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<CapitalBooking>> {
  const amount = toBaseUnits(body.amount);
  const sender = getAddress(body.sender.toLowerCase());
  const request = { amount: fromBaseUnits(amount), sender, reason: body.reason };
  return runIdempotent(
    ctx.db,
    { userId: actor.userId, operation: 'capital', key: idempotencyKey, request },
    async (tx) => {
      const entry = await postEntry(tx, {
        type: 'capital',
        memo: `Capital from ${sender}: ${body.reason}`,
        actorId: actor.userId,
        refs: { sender },
        lines: [
          { account: { system: 'treasury' }, amount: -amount },
          { account: { system: 'operator_capital' }, amount },
        ],
      });
      await writeAudit(tx, {
        actor,
        action: 'hot_wallet.book_capital',
        targetType: 'journal_entry',
        targetId: entry.id,
        details: {
          amount: fromBaseUnits(amount),
          sender,
          reason: body.reason,
          summary: `Booked ${fromBaseUnits(amount)} USDT sent from ${sender} as capital`,
        },
      });
      return {
        status: 201,
        body: {
          entryId: entry.id,
          amount: fromBaseUnits(amount),
          sender,
          reason: body.reason,
          createdAt: new Date(entry.createdAt).toISOString(),
        },
      };
    },
  );
}
