import { fromBaseUnits, policyLimit, type IdentityStatus, type Settings } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { countedSince } from './limits';
import { unprocessable } from '../shared/errors';
import { identityStatusOf } from '../kyc/read-identity-status';

const THIRTY_DAYS_MS = 30 * 86_400_000;

/**
 * Refuses a withdrawal that the settings say needs an approved identity check
 * (docs/decisions/0070-identity-checks.md) when the member has none: always,
 * above an amount, or when it takes the last 30 days' withdrawals (those not
 * rejected or refunded, as the 24-hour limit counts them) above a total.
 * Called by apps/api/src/withdrawals/request.ts under the member's row lock.
 */
export async function refuseWithoutIdentityCheck(
  db: Sql,
  memberId: number,
  amount: bigint,
  settings: Settings,
  now: Date,
): Promise<void> {
  const needed = await whyNeeded(db, memberId, amount, settings, now);
  if (!needed) return;
  const status = await identityStatusOf(db, memberId);
  if (status === 'approved') return;
  throw unprocessable('IDENTITY_CHECK_REQUIRED', `${needed} ${whatToDo(status)}`, 'amount');
}

async function whyNeeded(
  db: Sql,
  memberId: number,
  amount: bigint,
  settings: Settings,
  now: Date,
): Promise<string | undefined> {
  if (settings.withdrawalIdentityCheckAlways) return 'Withdrawals need a verified identity.';
  const above = policyLimit(settings.withdrawalIdentityCheckAbove);
  if (above !== null && amount > above)
    return `Withdrawals of more than ${fromBaseUnits(above)} USDT need a verified identity.`;
  const total = policyLimit(settings.withdrawalIdentityCheck30Days);
  if (total === null) return undefined;
  const counted = await countedSince(db, memberId, new Date(now.getTime() - THIRTY_DAYS_MS));
  const used = counted.reduce((sum, request) => sum + request.amount, 0n);
  if (used + amount <= total) return undefined;
  return `Withdrawals adding up to more than ${fromBaseUnits(total)} USDT over 30 days need a verified identity.`;
}

function whatToDo(status: IdentityStatus): string {
  if (status === 'pending')
    return "Your identity documents are waiting for an admin's review: ask again once they are approved.";
  const verify =
    'Verify your identity under Account settings → Identity (upload the front and back of an identity document and a selfie), then ask again once an admin approves them.';
  return status === 'rejected' ? `Your last identity documents were rejected. ${verify}` : verify;
}
