import {
  DEFAULT_ADJUSTMENT_MEMO,
  fromBaseUnits,
  toBaseUnits,
  type Adjustment,
  type AdjustmentBody,
} from '@portal/contract';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { walletName } from '../ledger/accounts';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { postEntry } from '../ledger/post';
import { ownMoney } from '../shared/own-money';
import { existingMember } from './existing-member';

/**
 * A manual credit or debit of one wallet, with a reason: a journal entry
 * like any other, against the adjustments account, audited in the same
 * transaction.
 */
export async function adjustMemberWallet(
  ctx: AppContext,
  actor: Actor,
  memberId: number,
  body: AdjustmentBody,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<Adjustment>> {
  const { db } = ctx;
  const amount = toBaseUnits(body.amount);
  // The member reads the memo; the reason (the admin's note) goes to the audit log only.
  const memo = body.memo ?? DEFAULT_ADJUSTMENT_MEMO;
  const request = {
    memberId,
    wallet: body.wallet,
    direction: body.direction,
    amount: fromBaseUnits(amount),
    reason: body.reason,
    memo,
  };
  return runIdempotent(
    db,
    { userId: actor.userId, operation: 'adjustment', key: idempotencyKey, request },
    async (tx) => {
      // No admin adjusts a wallet of their own (docs/decisions/0050-no-admin-acts-on-their-own-money.md);
      // the ledger refuses it too (the journal_entries_not_own trigger).
      if (memberId === actor.userId) throw ownMoney('These are your own wallets: another admin must adjust them.');
      const member = await existingMember(tx, memberId);
      const signed = body.direction === 'credit' ? amount : -amount;
      const counterpart = body.wallet === 'points' ? 'point_adjustments' : 'adjustments';
      const entry = await postEntry(tx, {
        type: 'adjustment',
        memo,
        actorId: actor.userId,
        refs: { member: member.username, memberId, wallet: body.wallet, direction: body.direction },
        lines: [
          { account: { member: memberId, wallet: body.wallet }, amount: signed },
          { account: { system: counterpart }, amount: -signed },
        ],
      });
      const balance = entry.balanceAfter({ member: memberId, wallet: body.wallet });
      await writeAudit(tx, {
        actor,
        action: 'member.adjust',
        targetType: 'member',
        targetId: memberId,
        details: {
          username: member.username,
          entryId: entry.id,
          wallet: body.wallet,
          direction: body.direction,
          amount: fromBaseUnits(amount),
          reason: body.reason,
          memo,
          summary: `${body.direction === 'credit' ? 'Credited' : 'Debited'} ${fromBaseUnits(amount)} ${body.wallet === 'points' ? 'points' : 'USDT'} ${body.direction === 'credit' ? 'to' : 'from'} the ${walletName(body.wallet)} of ${member.username}`,
        },
      });
      return {
        status: 201,
        body: {
          entryId: entry.id,
          memberId,
          username: member.username,
          wallet: body.wallet,
          direction: body.direction,
          amount: fromBaseUnits(amount),
          balance: fromBaseUnits(balance),
          reason: body.reason,
          memo,
          createdAt: new Date(entry.createdAt).toISOString(),
        },
      };
    },
  );
}
