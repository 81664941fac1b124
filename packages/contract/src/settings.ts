import { z } from 'zod';
import { text } from './text';
import { MAX_AMOUNT, PERCENT_DECIMALS, toBaseUnits, RATE_DECIMALS, amountSchema, decimalSettingSchema } from './money';

/** A USDT amount of the withdrawal policy, where 0 turns the rule off. */
function limitSetting(label: string) {
  return decimalSettingSchema(label, { maxDecimals: 18, max: MAX_AMOUNT, allowZero: true });
}

/**
 * The plan's and operations' settings (admin Settings page). Each is read at
 * the moment of the event it governs, so a change applies to later events
 * only. Later features add their keys here, with a default in
 * `SETTINGS_DEFAULTS`.
 */
export const settingsShape = {
  transferMinimum: amountSchema('Transfer minimum'),
  transferFeePercent: decimalSettingSchema('Transfer fee', {
    maxDecimals: PERCENT_DECIMALS,
    max: '50',
    allowZero: true,
  }),
  conversionRate: decimalSettingSchema('Conversion rate', {
    maxDecimals: RATE_DECIMALS,
    max: '1000000',
    allowZero: false,
  }),
  conversionMinimum: amountSchema('Conversion minimum'),
  referralLevel1Percent: decimalSettingSchema('Referral level 1', {
    maxDecimals: PERCENT_DECIMALS,
    max: '100',
    allowZero: true,
  }),
  referralLevel2Percent: decimalSettingSchema('Referral level 2', {
    maxDecimals: PERCENT_DECIMALS,
    max: '100',
    allowZero: true,
  }),
  referralLevel3Percent: decimalSettingSchema('Referral level 3', {
    maxDecimals: PERCENT_DECIMALS,
    max: '100',
    allowZero: true,
  }),
  matchingPercent: decimalSettingSchema('Matching rate', {
    maxDecimals: PERCENT_DECIMALS,
    max: '100',
    allowZero: true,
  }),
  closeTimeUtc: text({ error: 'Close time must be a time as HH:MM' }).regex(
    /^([01]\d|2[0-3]):[0-5]\d$/,
    'Close time must be a time of day as HH:MM (UTC)',
  ),
  depositMinimum: amountSchema('Deposit minimum'),
  consolidationThreshold: amountSchema('Consolidation threshold'),
  hotWalletTarget: decimalSettingSchema('Hot wallet target', { maxDecimals: 18, max: '1000000000', allowZero: true }),
  hotWalletCap: decimalSettingSchema('Hot wallet cap', { maxDecimals: 18, max: '1000000000', allowZero: true }),
  hotWalletLowWater: decimalSettingSchema('Hot wallet low-water mark', {
    maxDecimals: 18,
    max: '1000000000',
    allowZero: true,
  }),
  withdrawalMinimum: amountSchema('Withdrawal minimum'),
  withdrawalFeePercent: decimalSettingSchema('Withdrawal fee', {
    maxDecimals: PERCENT_DECIMALS,
    max: '50',
    allowZero: true,
  }),
  withdrawalFeeMinimum: decimalSettingSchema('Withdrawal fee minimum', {
    maxDecimals: 18,
    max: '1000000',
    allowZero: true,
  }),
  withdrawalOnePending: z.boolean({ error: 'One pending withdrawal must be true or false' }),
  withdrawalRequiresTwoFactor: z.boolean({ error: 'Withdrawals require two-factor must be true or false' }),
  withdrawalAddressHoldHours: text(
    { error: 'Address hold must be a whole number of hours' },
    { label: 'Address hold' },
  ).regex(/^(0|[1-9]\d{0,3})$/, 'Address hold must be a whole number of hours from 0 to 9999'),
  withdrawalMaximum: limitSetting('Withdrawal maximum'),
  withdrawalDailyLimit: limitSetting('Daily withdrawal limit'),
  withdrawalIdentityCheckAlways: z.boolean({ error: 'Identity check for every withdrawal must be true or false' }),
  withdrawalIdentityCheckAbove: limitSetting('Identity check above'),
  withdrawalIdentityCheck30Days: limitSetting('Identity check above a 30-day total'),
  adminsRequireTwoFactor: z.boolean({ error: 'Admins require two-factor must be true or false' }),
  largeApprovalThreshold: amountSchema('Large approval threshold'),
  secondApprovalThreshold: limitSetting('Second approval threshold'),
  autoApproveBelow: limitSetting('Automatic approval below'),
  autoApproveDailyCap: limitSetting('Automatic approvals per day'),
  dailyPayoutCap: limitSetting('Daily payout cap'),
  closeReview: z.boolean({ error: 'Review each close must be true or false' }),
  closeReviewThreshold: limitSetting('Review threshold'),
  closeReviewAutoPayHours: text(
    { error: 'Automatic pay must be a whole number of hours' },
    { label: 'Automatic pay after' },
  )
    .regex(/^(0|[1-9]\d{0,3})$/, 'Automatic pay must be a whole number of hours from 0 to 9999')
    .meta({ example: '24' }),
  cancellationDays: text(
    { error: 'Cancellation window must be a whole number of days' },
    { label: 'Cancellation window' },
  ).regex(/^(0|[1-9]\d{0,2})$/, 'Cancellation window must be a whole number of days from 0 to 999'),
  incomeDisclosurePublic: z.boolean({ error: 'Publish the income disclosure must be true or false' }),
  changeDelayHours: text({ error: 'Change delay must be a whole number of hours' }, { label: 'Change delay' }).regex(
    /^(0|[1-9]\d{0,3})$/,
    'Change delay must be a whole number of hours from 0 to 9999',
  ),
};

export const settingsSchema = z.object(settingsShape);
export type Settings = z.infer<typeof settingsSchema>;

export const SETTINGS_DEFAULTS: Settings = {
  transferMinimum: '1',
  transferFeePercent: '0',
  conversionRate: '1',
  conversionMinimum: '10',
  referralLevel1Percent: '10',
  referralLevel2Percent: '5',
  referralLevel3Percent: '2',
  matchingPercent: '10',
  closeTimeUtc: '00:00',
  depositMinimum: '1',
  consolidationThreshold: '10',
  hotWalletTarget: '1000',
  hotWalletLowWater: '100',
  hotWalletCap: '0',
  withdrawalMinimum: '10',
  withdrawalFeePercent: '5',
  withdrawalFeeMinimum: '1',
  withdrawalOnePending: true,
  withdrawalRequiresTwoFactor: true,
  withdrawalAddressHoldHours: '24',
  withdrawalMaximum: '10000',
  withdrawalDailyLimit: '10000',
  withdrawalIdentityCheckAlways: false,
  withdrawalIdentityCheckAbove: '0',
  withdrawalIdentityCheck30Days: '0',
  adminsRequireTwoFactor: true,
  largeApprovalThreshold: '1000',
  secondApprovalThreshold: '5000',
  autoApproveBelow: '0',
  autoApproveDailyCap: '1000',
  dailyPayoutCap: '0',
  closeReview: false,
  closeReviewThreshold: '1000',
  closeReviewAutoPayHours: '0',
  changeDelayHours: '24',
  cancellationDays: '14',
  incomeDisclosurePublic: false,
};

/** A withdrawal-policy amount in base units, or null where the setting is 0 (the rule is off). */
export function policyLimit(value: string): bigint | null {
  const limit = toBaseUnits(value);
  return limit > 0n ? limit : null;
}

/** The referral rates by level (level 1 first), as percentage strings. */
export const referralLevelPercents = (settings: Settings): string[] => [
  settings.referralLevel1Percent,
  settings.referralLevel2Percent,
  settings.referralLevel3Percent,
];

/** What the admin Settings page shows beside each value. */
export const SETTINGS_LABELS: Record<keyof Settings, { label: string; help: string; unit?: string }> = {
  transferMinimum: { label: 'Transfer minimum', help: 'The smallest amount a member may transfer.', unit: 'USDT' },
  transferFeePercent: {
    label: 'Transfer fee',
    help: 'Taken from the amount sent; the receiver gets the rest.',
    unit: '%',
  },
  conversionRate: {
    label: 'Conversion rate',
    help: 'Points credited for each USDT converted from the income wallet.',
    unit: 'points per USDT',
  },
  conversionMinimum: {
    label: 'Conversion minimum',
    help: 'The smallest amount of USDT a member may convert.',
    unit: 'USDT',
  },
  referralLevel1Percent: {
    label: 'Referral bonus, level 1',
    help: "Share of a purchase's price paid to the buyer's sponsor (if active).",
    unit: '%',
  },
  referralLevel2Percent: {
    label: 'Referral bonus, level 2',
    help: "Share paid to the sponsor's sponsor (if active).",
    unit: '%',
  },
  referralLevel3Percent: {
    label: 'Referral bonus, level 3',
    help: 'Share paid to the third sponsor up (if active).',
    unit: '%',
  },
  cancellationDays: {
    label: 'Cancellation window',
    help: 'Days after a purchase in which the member may cancel it themselves: the price goes back to their deposit wallet and the bonuses it paid are clawed back (0: members cannot cancel; admins may still refund). Applies to purchases already made too.',
    unit: 'days',
  },
  incomeDisclosurePublic: {
    label: 'Publish the income disclosure',
    help: "Anyone may read each calendar year's income disclosure at /published-income-disclosure without signing in: the figures only, no member named (the current year to date, worked out at most every 10 minutes).",
  },
  matchingPercent: {
    label: 'Matching rate',
    help: "Share of the day's matched volume paid at the close, up to the package's daily cap.",
    unit: '%',
  },
  closeTimeUtc: {
    label: 'Daily close time',
    help: 'When the previous UTC day is closed automatically (HH:MM, UTC).',
    unit: 'UTC',
  },
  depositMinimum: {
    label: 'Deposit minimum',
    help: 'BEP20 deposits below this are recorded but not credited.',
    unit: 'USDT',
  },
  consolidationThreshold: {
    label: 'Consolidation threshold',
    help: 'A consolidation sweeps deposit addresses holding at least this much to the treasury.',
    unit: 'USDT',
  },
  hotWalletTarget: {
    label: 'Hot wallet target',
    help: 'A consolidation first fills the hot wallet to the approved and pending withdrawals plus this much, then sends the rest to the treasury (0: only what withdrawals need).',
    unit: 'USDT',
  },
  hotWalletCap: {
    label: 'Hot wallet cap',
    help: "The most the hot wallet keeps over what approved and pending withdrawals need (at least the target). Above it the excess goes back to the treasury where the portal holds the treasury's key; where the treasury is cold, the dashboard and BEP20 Wallets say how much to move (0: no cap).",
    unit: 'USDT',
  },
  hotWalletLowWater: {
    label: 'Hot wallet low-water mark',
    help: 'Below this the admin dashboard and /api/health say the hot wallet is low (0 turns the warning off).',
    unit: 'USDT',
  },
  withdrawalMinimum: {
    label: 'Withdrawal minimum',
    help: 'The smallest amount a member may withdraw from the income wallet.',
    unit: 'USDT',
  },
  withdrawalFeePercent: {
    label: 'Withdrawal fee',
    help: 'Taken from the amount withdrawn; the rest arrives on chain.',
    unit: '%',
  },
  withdrawalFeeMinimum: { label: 'Withdrawal fee minimum', help: 'The fee is at least this much.', unit: 'USDT' },
  withdrawalOnePending: {
    label: 'One pending withdrawal at a time',
    help: 'A member may not ask again while a request waits for approval.',
  },
  withdrawalRequiresTwoFactor: {
    label: 'Withdrawals require two-factor',
    help: 'Members without two-factor sign-in may not withdraw; each request carries a current code.',
  },
  withdrawalAddressHoldHours: {
    label: 'New address hold',
    help: 'Hours before a newly saved withdrawal address can be used (0 turns the hold off). A shorter hold also frees addresses already waiting; a longer one applies to addresses saved after it.',
    unit: 'hours',
  },
  withdrawalMaximum: {
    label: 'Withdrawal maximum',
    help: 'The largest amount one withdrawal may be (0: no maximum).',
    unit: 'USDT',
  },
  withdrawalDailyLimit: {
    label: 'Withdrawal limit per 24 hours',
    help: 'What one member may withdraw in any 24 hours, counting requests not rejected or refunded (0: no limit).',
    unit: 'USDT',
  },
  withdrawalIdentityCheckAlways: {
    label: 'Identity check for every withdrawal',
    help: 'Members may withdraw only once an admin approved their identity documents (Account settings → Identity).',
  },
  withdrawalIdentityCheckAbove: {
    label: 'Identity check above',
    help: 'A withdrawal of more than this needs approved identity documents (0: no such rule).',
    unit: 'USDT',
  },
  withdrawalIdentityCheck30Days: {
    label: 'Identity check above a 30-day total',
    help: "A withdrawal that takes the member's last 30 days of withdrawals (not rejected or refunded) above this needs approved identity documents (0: no such rule).",
    unit: 'USDT',
  },
  adminsRequireTwoFactor: {
    label: 'Admins require two-factor',
    help: 'Admins without two-factor sign-in may not approve withdrawals, redemptions or consolidations, nor change settings.',
  },
  largeApprovalThreshold: {
    label: 'Large approval threshold',
    help: 'Approving withdrawals worth more than this in one go asks the admin for a fresh two-factor code.',
    unit: 'USDT',
  },
  secondApprovalThreshold: {
    label: 'Second approval above',
    help: 'A withdrawal of more than this needs the approval of two different admins (0: one admin approves every withdrawal).',
    unit: 'USDT',
  },
  autoApproveBelow: {
    label: 'Automatic approval below',
    help: 'A withdrawal of less than this is approved without an admin when the member has two-factor on and the address is past its hold (0: never automatic).',
    unit: 'USDT',
  },
  autoApproveDailyCap: {
    label: 'Automatic approvals per day',
    help: 'The most all automatic approvals may add up to in one UTC day; beyond it withdrawals wait for an admin.',
    unit: 'USDT',
  },
  dailyPayoutCap: {
    label: 'Daily payout cap',
    help: 'The most the hot wallet sends in one UTC day; approved payouts beyond it wait in the queue for the next day (0: no cap).',
    unit: 'USDT',
  },
  closeReview: {
    label: 'Review each close before it pays',
    help: "The daily close computes and records the day's matching bonuses but credits nobody until an admin pays it (or the automatic pay below); the next day's close waits for it. Applies to later closes.",
  },
  closeReviewThreshold: {
    label: 'Review threshold',
    help: "A close's review lists every payout above this (0: every payout). Applies to later closes.",
    unit: 'USDT',
  },
  closeReviewAutoPayHours: {
    label: 'Pay a reviewed close automatically after',
    help: 'Hours after a close was computed when it pays itself if no admin paid it (0: only an admin pays). Applies to later closes.',
    unit: 'hours',
  },
  changeDelayHours: {
    label: 'Delay before a loosening takes effect',
    help: 'Once the portal is live, a change that loosens a money-out control (or makes an admin) waits this long, and for a second admin to confirm it, before it applies.',
    unit: 'hours',
  },
};

export const settingsPatchSchema = z
  .object(settingsShape)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one setting to change');
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
