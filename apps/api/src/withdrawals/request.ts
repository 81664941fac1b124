import {
  fromBaseUnits,
  policyLimit,
  toBaseUnits,
  type Withdrawal,
  type WithdrawalBody,
  type WithdrawalQuote,
  type WithdrawalTerms,
} from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { assertCanSpend, postEntry } from '../ledger/post';
import { refuseWithoutIdentityCheck } from './identity-gate';
import { readSettings } from '../settings/in-force';
import { conflict, unprocessable } from '../shared/errors';
import { assertCodeShaped, withSecondFactor } from '../two-factor/guard';
import { isTwoFactorEnabled } from '../two-factor/codes';
import { checkAddress, holdMessage, saveAddress } from './address-book';
import { approveAutomatically } from './approvals';
import { withdrawalLifecycle } from './lifecycle';
import { dailyAllowance, refuseOverLimits } from './limits';
import { platformAddresses } from './platform';
import { priceWithdrawal } from './pricing';
import { toWithdrawal, WITHDRAWAL_SELECT, type WithdrawalRow } from './rows';

/**
 * A member asks to withdraw from the income wallet to a BEP20 address
 * (PRODUCT.md §7): two-factor code, saved address past its hold, minimum,
 * fee, one pending at a time, the maximum and the 24-hour limit (limits.ts);
 * the amount is held in "withdrawals in flight" at once, and approved at once
 * where the policy allows it without an admin (approvals.ts). The terms and
 * the quote answer the same rules beforehand.
 */

export async function withdrawalTerms(ctx: AppContext, memberId: number): Promise<WithdrawalTerms> {
  const { db } = ctx;
  const [settings, platform, enabled, balance] = await Promise.all([
    readSettings(db),
    platformAddresses(ctx),
    isTwoFactorEnabled(db, memberId),
    db.query<{ balance: string }>(
      sql`SELECT balance FROM ledger_accounts WHERE owner_id = ${memberId} AND wallet = 'income'`,
    ),
  ]);
  const maximum = policyLimit(settings.withdrawalMaximum);
  const allowance = await dailyAllowance(db, memberId, settings, ctx.now());
  return {
    minimum: fromBaseUnits(toBaseUnits(settings.withdrawalMinimum)),
    feePercent: settings.withdrawalFeePercent,
    feeMinimum: fromBaseUnits(toBaseUnits(settings.withdrawalFeeMinimum)),
    requiresTwoFactor: settings.withdrawalRequiresTwoFactor,
    twoFactorEnabled: enabled,
    onePending: settings.withdrawalOnePending,
    holdHours: Number(settings.withdrawalAddressHoldHours),
    tokenDecimals: platform.tokenDecimals,
    balance: fromBaseUnits(BigInt(balance.rows[0]?.balance ?? '0')),
    maximum: maximum === null ? null : fromBaseUnits(maximum),
    dailyLimit: allowance && {
      limit: fromBaseUnits(allowance.limit),
      used: fromBaseUnits(allowance.used),
      left: fromBaseUnits(allowance.left),
      freesAt: allowance.freesAt && allowance.freesAt.toISOString(),
    },
  };
}

export async function quoteWithdrawal(ctx: AppContext, memberId: number, amountText: string): Promise<WithdrawalQuote> {
  const { db } = ctx;
  const [settings, platform] = await Promise.all([readSettings(db), platformAddresses(ctx)]);
  const amount = toBaseUnits(amountText);
  const fee = priceWithdrawal(amount, settings, platform.tokenDecimals);
  await refuseOverLimits(db, memberId, amount, settings, ctx.now());
  await refuseWithoutIdentityCheck(db, memberId, amount, settings, ctx.now());
  await assertCanSpend(db, { member: memberId, wallet: 'income' }, amount);
  return { amount: fromBaseUnits(amount), fee: fromBaseUnits(fee), net: fromBaseUnits(amount - fee) };
}

export async function requestWithdrawal(
  ctx: AppContext,
  memberId: number,
  body: WithdrawalBody,
  idempotencyKey?: string,
  /** The session asking: a new address it saves is noted in the security log as its doing. */
  sessionId: string | null = null,
): Promise<IdempotentAnswer<Withdrawal>> {
  const { db } = ctx;
  // A code sent is checked for shape even when the member has no two-factor and none is used.
  assertCodeShaped(body.totpCode, { status: 422, field: 'totpCode', purpose: 'asking for a withdrawal' });
  const platform = await platformAddresses(ctx);
  const settings = await readSettings(db);
  const address = await checkAddress(db, platform, body.address);
  const amount = toBaseUnits(body.amount);
  priceWithdrawal(amount, settings, platform.tokenDecimals);
  const request = { amount: fromBaseUnits(amount), address };

  const twoFactor = await isTwoFactorEnabled(db, memberId);
  if (!twoFactor && settings.withdrawalRequiresTwoFactor) {
    throw unprocessable(
      'TWO_FACTOR_REQUIRED',
      'Withdrawals need two-factor sign-in. Turn it on under Account settings → Security (scan the QR code with an authenticator app), then ask again.',
      'totpCode',
    );
  }
  const requiredMessage = 'Enter the current 6-digit code from your authenticator app to sign off this withdrawal.';
  if (twoFactor && !body.totpCode) throw unprocessable('TOTP_REQUIRED', requiredMessage, 'totpCode');

  // An address not saved before is saved now (committed whatever follows) and waits out its hold.
  const hold = Number(settings.withdrawalAddressHoldHours);
  const saved = (await saveAddress(ctx, memberId, address, null, hold, sessionId)).address;
  if (!saved.usable) throw unprocessable('ADDRESS_ON_HOLD', holdMessage(saved.usableFrom), 'address');

  // The code goes through the per-account guard (two-factor/guard.ts); it is checked and consumed in the money's transaction.
  const code = twoFactor ? body.totpCode : undefined;
  const guard = { status: 422 as const, field: 'totpCode', purpose: 'asking for a withdrawal', requiredMessage };
  let autoApproved = false;
  const answer = await withSecondFactor(ctx, memberId, code, guard, (check) =>
    runIdempotent(db, { userId: memberId, operation: 'withdrawal', key: idempotencyKey, request }, async (tx) => {
      // One request of a member at a time: the one-pending rule and the 24-hour limit hold whatever the concurrency.
      await tx.query(sql`SELECT 1 FROM members WHERE user_id = ${memberId} FOR NO KEY UPDATE`);
      const current = await readSettings(tx);
      const fee = priceWithdrawal(amount, current, platform.tokenDecimals);
      const now = ctx.now();
      await refuseOverLimits(tx, memberId, amount, current, now);
      await refuseWithoutIdentityCheck(tx, memberId, amount, current, now);
      if (twoFactor) await check(tx);
      if (current.withdrawalOnePending) {
        const pending = await tx.query<{ one: number }>(
          sql`SELECT 1 AS one FROM withdrawals WHERE user_id = ${memberId} AND status = 'pending' LIMIT 1`,
        );
        if (pending.rows.length > 0) {
          throw conflict(
            'WITHDRAWAL_PENDING',
            'You already have a withdrawal waiting for approval. Ask again once it is decided.',
            'amount',
          );
        }
      }
      const entry = await postEntry(tx, {
        type: 'withdrawal',
        memo: `Withdrawal of ${fromBaseUnits(amount)} USDT to ${address} (fee ${fromBaseUnits(fee)} USDT)`,
        actorId: memberId,
        refs: { address },
        lines: [
          { account: { member: memberId, wallet: 'income' }, amount: -amount },
          { account: { system: 'withdrawals_in_flight' }, amount },
        ],
      });
      const id = await withdrawalLifecycle.request(tx, {
        userId: memberId,
        amount,
        fee,
        address,
        entryId: entry.id,
        createdAt: now,
      });
      autoApproved = await approveAutomatically(ctx, tx, { id, amount, twoFactor }, current);
      const created = await tx.query<WithdrawalRow>(sql`${WITHDRAWAL_SELECT} WHERE w.id = ${id}`);
      return { status: 201, body: toWithdrawal(ctx, created.rows[0]!, 'member') };
    }),
  );
  if (autoApproved) ctx.jobs?.kickPayouts();
  return answer;
}
