import { z } from 'zod';
import { toBaseUnits } from './money';
import type { Settings } from './settings';

/**
 * Which way each money-out control loosens (docs/decisions/0052-four-eyes-and-a-delay.md):
 * once the portal is live, a change in that direction waits for a second
 * admin and the delay (`changeDelayHours`); one the other way applies at
 * once. A setting not listed here always applies at once. A new control is
 * one line.
 *
 * - `raise`: a larger value loosens;
 * - `raiseZeroIsNone`: a larger value loosens, and 0 (the rule off) is the loosest of all;
 * - `lower`: a smaller value loosens;
 * - `lowerZeroIsNever`: a smaller value loosens, and 0 (never) is the tightest of all;
 * - `turnOff` / `turnOn`: switching it that way loosens.
 */
export type LooseningDirection = 'raise' | 'raiseZeroIsNone' | 'lower' | 'lowerZeroIsNever' | 'turnOff' | 'turnOn';

export const LOOSENING: Partial<Record<keyof Settings, LooseningDirection>> = {
  withdrawalMaximum: 'raiseZeroIsNone',
  withdrawalDailyLimit: 'raiseZeroIsNone',
  withdrawalIdentityCheckAlways: 'turnOff',
  withdrawalIdentityCheckAbove: 'raiseZeroIsNone',
  withdrawalIdentityCheck30Days: 'raiseZeroIsNone',
  dailyPayoutCap: 'raiseZeroIsNone',
  secondApprovalThreshold: 'raiseZeroIsNone',
  largeApprovalThreshold: 'raise',
  autoApproveBelow: 'raise',
  autoApproveDailyCap: 'raise',
  hotWalletTarget: 'raise',
  hotWalletCap: 'raiseZeroIsNone',
  withdrawalAddressHoldHours: 'lower',
  withdrawalRequiresTwoFactor: 'turnOff',
  withdrawalOnePending: 'turnOff',
  adminsRequireTwoFactor: 'turnOff',
  closeReview: 'turnOff',
  closeReviewThreshold: 'raise',
  closeReviewAutoPayHours: 'lowerZeroIsNever',
  changeDelayHours: 'lower',
  cancellationDays: 'raise',
};

/** A decimal setting as a number to compare, with 0 read as `zero` (none, never) where the direction says so. */
function comparable(value: string, zero: bigint | undefined): bigint {
  const units = toBaseUnits(value);
  return units === 0n && zero !== undefined ? zero : units;
}

const UNBOUNDED = 2n ** 255n;

/** Whether changing `key` from `from` to `to` loosens a money-out control. */
export function loosens(key: keyof Settings, from: string | boolean, to: string | boolean): boolean {
  const direction = LOOSENING[key];
  if (!direction || from === to) return false;
  if (direction === 'turnOff') return from === true && to === false;
  if (direction === 'turnOn') return from === false && to === true;
  const zero = direction === 'raiseZeroIsNone' || direction === 'lowerZeroIsNever' ? UNBOUNDED : undefined;
  const a = comparable(String(from), zero);
  const b = comparable(String(to), zero);
  return direction === 'raise' || direction === 'raiseZeroIsNone' ? b > a : b < a;
}

/** What a pending change does once in force. */
export const pendingChangeKindSchema = z.enum([
  'settings',
  'screening.remove',
  'user.create_admin',
  'user.grant_admin',
]);
export type PendingChangeKind = z.infer<typeof pendingChangeKindSchema>;

export const pendingChangeSchema = z.object({
  id: z.number().int(),
  kind: pendingChangeKindSchema,
  /** The change in words: "Withdrawal maximum 10000 → 50000 USDT", "Take 0x… off the screening list". */
  summary: z.string(),
  /** A settings change's values, each from what was in force when proposed. */
  settings: z.array(z.object({ key: z.string(), label: z.string(), from: z.string(), to: z.string() })),
  proposedBy: z.string(),
  proposedById: z.number().int(),
  proposedAt: z.iso.datetime(),
  /** When it takes effect, if confirmed (or when no other admin could confirm it). */
  dueAt: z.iso.datetime(),
  /** False when no other admin could confirm it when it was proposed: it applies at `dueAt`, audited as unconfirmed. */
  needsConfirmation: z.boolean(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  status: z.enum(['pending', 'applied', 'cancelled', 'failed']),
  endedBy: z.string().nullable(),
  endedAt: z.iso.datetime().nullable(),
  /** Why a change that fell due could not apply (the entry was gone, the name taken). */
  outcome: z.string().nullable(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

/** Set-up (every change at once) or live (loosening waits): docs/decisions/0052-four-eyes-and-a-delay.md. */
export const portalLaunchSchema = z.object({
  state: z.enum(['setup', 'live']),
  liveAt: z.iso.datetime().nullable(),
  liveBy: z.string().nullable(),
  /** Members who joined (the root not counted): in set-up, the dashboard warns once there are any. */
  membersJoined: z.boolean(),
});
export type PortalLaunch = z.infer<typeof portalLaunchSchema>;

export const pendingChangesAnswerSchema = z.object({
  launch: portalLaunchSchema,
  /** The delay in force (`changeDelayHours`). */
  delayHours: z.string(),
  /** Waiting ones first, by when they fall due; then the last 20 that ended. */
  changes: z.array(pendingChangeSchema),
});
export type PendingChangesAnswer = z.infer<typeof pendingChangesAnswerSchema>;
