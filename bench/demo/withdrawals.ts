import { createHash } from 'node:crypto';
import { fromBaseUnits, toBaseUnits, type SettingsPatch } from '@portal/contract';
import { getAddress } from 'viem';
import type { Actor } from '../../apps/api/src/audit/write-audit';
import type { AppContext } from '../../apps/api/src/context';
import { sql } from '../../apps/api/src/platform/db/sql';
import { AppError } from '../../apps/api/src/shared/errors';
import { readSettings } from '../../apps/api/src/settings/in-force';
import { updateSettings } from '../../apps/api/src/settings/update-settings';
import { addWithdrawalAddress } from '../../apps/api/src/withdrawals/address-book';
import { rejectWithdrawals } from '../../apps/api/src/withdrawals/review';
import { requestWithdrawal } from '../../apps/api/src/withdrawals/request';
import { shuffle, type Random } from './random';

/**
 * The demo's withdrawals, through the portal's own rules
 * (withdrawals/request.ts): members with income save a wallet address days
 * before (its hold passes on the simulated clock), then ask to withdraw
 * part of their income; the admin rejects one in four with a reason
 * (review.ts, refunded). The rest wait for approval; on the embedded chain
 * some are approved and paid by the payout job (chain-deposits.ts).
 *
 * Two rules need what a demo member has not: a two-factor app (withdrawals
 * require it by default) and, on a server's clock, a day for the address's
 * hold. The admin switches those settings off for the requests, as an
 * operator may, and back on after: both changes are in the audit log, and
 * the summary says so.
 */

/** A member's demo wallet: an address derived from the member's id, whose key nobody holds. */
function demoWallet(memberId: number): string {
  return getAddress(`0x${createHash('sha256').update(`seed:demo wallet ${memberId}`).digest('hex').slice(0, 40)}`);
}

/** Members with income enough to withdraw some, up to `count`, each saving their demo wallet now. */
export async function saveWithdrawalAddresses(ctx: AppContext, random: Random, count: number): Promise<number[]> {
  const settings = await readSettings(ctx.db);
  const least = toBaseUnits(settings.withdrawalMinimum) * 2n;
  const { rows } = await ctx.db.query<{ owner_id: number }>(
    sql`SELECT owner_id FROM ledger_accounts WHERE kind = 'member' AND wallet = 'income' AND balance >= ${least.toString()} ORDER BY owner_id`,
  );
  const members = shuffle(
    random,
    rows.map((row) => Number(row.owner_id)),
  ).slice(0, count);
  for (const memberId of members) await addWithdrawalAddress(ctx, memberId, demoWallet(memberId), 'My wallet', null);
  return members;
}

export interface DemoWithdrawals {
  /** Pending after the admin's rejections, oldest first. */
  pending: number[];
  rejected: number;
  /** The settings switched off for the requests and back on, in words (empty when none was needed). */
  settingsNote: string;
}

/** Each member asks to withdraw about half of their income to the saved wallet; every fourth is rejected (the 2nd, the 6th, …). */
export async function requestDemoWithdrawals(
  ctx: AppContext,
  admin: Actor,
  members: number[],
  holdPassed: boolean,
): Promise<DemoWithdrawals> {
  const before = await readSettings(ctx.db);
  const off: SettingsPatch = {
    ...(before.withdrawalRequiresTwoFactor ? { withdrawalRequiresTwoFactor: false } : {}),
    ...(holdPassed || Number(before.withdrawalAddressHoldHours) === 0 ? {} : { withdrawalAddressHoldHours: '0' }),
  };
  const ids: number[] = [];
  await updateSettings(ctx, admin, off);
  try {
    for (const memberId of members) {
      const { rows } = await ctx.db.query<{ balance: string }>(
        sql`SELECT balance::text AS balance FROM ledger_accounts WHERE owner_id = ${memberId} AND wallet = 'income'`,
      );
      const whole = BigInt(rows[0]?.balance ?? '0') / 2n / 10n ** 18n;
      // Income converted to points since the address was saved may leave too little: that member does not ask.
      if (whole * 10n ** 18n < toBaseUnits(before.withdrawalMinimum)) continue;
      try {
        const answer = await requestWithdrawal(ctx, memberId, {
          amount: fromBaseUnits(whole * 10n ** 18n),
          address: demoWallet(memberId),
        });
        ids.push(answer.body.id);
      } catch (error) {
        // A rule of the operator's settings refuses it (the maximum, the 24-hour limit): this member does not ask.
        if (!(error instanceof AppError) || ![409, 422].includes(error.status)) throw error;
      }
    }
  } finally {
    const back: SettingsPatch = {
      ...('withdrawalRequiresTwoFactor' in off ? { withdrawalRequiresTwoFactor: true } : {}),
      ...('withdrawalAddressHoldHours' in off ? { withdrawalAddressHoldHours: before.withdrawalAddressHoldHours } : {}),
    };
    await updateSettings(ctx, admin, back);
  }
  const rejected = ids.filter((_, i) => i % 4 === 1);
  if (rejected.length > 0)
    await rejectWithdrawals(ctx, admin, rejected, 'Demo decision (seed:demo): rejected to show a refund.');
  const switched = [
    'withdrawalRequiresTwoFactor' in off ? '"Withdrawals require two-factor"' : '',
    'withdrawalAddressHoldHours' in off ? `the ${before.withdrawalAddressHoldHours}-hour address hold` : '',
  ].filter(Boolean);
  return {
    pending: ids.filter((_, i) => i % 4 !== 1),
    rejected: rejected.length,
    settingsNote:
      switched.length > 0
        ? `the admin switched ${switched.join(' and ')} off for these requests and back on after`
        : '',
  };
}
