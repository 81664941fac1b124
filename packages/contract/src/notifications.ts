import { z } from 'zod';
import { SECURITY_EVENT_LABELS, securityChangeKinds } from './account-sessions';
import { text } from './text';

/**
 * The kinds told to every active admin (apps/api/migrations/0059_admin_notifications.sql): something waits for an
 * admin's decision or went wrong in a payout. Only admins are offered them in the mail preferences; a webhook
 * endpoint gets each such event once, not once per admin (apps/api/sql/functions/webhooks_of_notifications.sql).
 */
export const adminNotificationKinds = [
  'withdrawal_waiting',
  'redemption_waiting',
  'deposit_held',
  'payout_failed',
  'change_pending',
] as const;

/** What a member or an admin is told (apps/api/migrations/0050_notifications.sql writes them). */
export const notificationKinds = [
  'deposit_seen',
  'deposit_credited',
  'transfer_received',
  'direct_referral',
  'rank_reached',
  'withdrawal_approved',
  'withdrawal_paid',
  'withdrawal_failed',
  'withdrawal_rejected',
  'withdrawal_refunded',
  'redemption_approved',
  'redemption_rejected',
  'identity_approved',
  'identity_rejected',
  ...securityChangeKinds,
  ...adminNotificationKinds,
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export type AdminNotificationKind = (typeof adminNotificationKinds)[number];
export const isAdminNotificationKind = (kind: string): kind is AdminNotificationKind =>
  (adminNotificationKinds as readonly string[]).includes(kind);

/** Each kind in a few words: a mail's subject, a switch of the mail preferences, the webhooks page. Never a figure. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  deposit_seen: 'Deposit seen on the chain',
  deposit_credited: 'Deposit credited',
  transfer_received: 'Transfer received',
  direct_referral: 'New direct referral',
  rank_reached: 'Rank reached',
  withdrawal_approved: 'Withdrawal approved',
  withdrawal_paid: 'Withdrawal paid',
  withdrawal_failed: 'Withdrawal failed',
  withdrawal_rejected: 'Withdrawal rejected',
  withdrawal_refunded: 'Withdrawal refunded',
  redemption_approved: 'Redemption approved',
  redemption_rejected: 'Redemption rejected',
  identity_approved: 'Identity verified',
  identity_rejected: 'Identity documents rejected',
  password_changed: SECURITY_EVENT_LABELS.password_changed,
  password_reset: SECURITY_EVENT_LABELS.password_reset,
  two_factor_on: SECURITY_EVENT_LABELS.two_factor_on,
  two_factor_off: SECURITY_EVENT_LABELS.two_factor_off,
  withdrawal_address_added: SECURITY_EVENT_LABELS.withdrawal_address_added,
  withdrawal_address_removed: SECURITY_EVENT_LABELS.withdrawal_address_removed,
  withdrawal_waiting: 'Withdrawal waiting for approval',
  redemption_waiting: 'Redemption waiting for approval',
  deposit_held: 'Deposit held for review',
  payout_failed: 'Payout failed',
  change_pending: 'Setting change waiting for a second admin',
};

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  /** In words, with its figures: "250.00 USDT from your deposit was credited to your deposit wallet." */
  text: z.string(),
  /** The page it is about. */
  link: z.string(),
  /** A transaction on the chain's explorer, where there is one (a paid withdrawal). */
  explorerUrl: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The bell: how many are unread, and the latest (newest first). */
export const notificationsSchema = z.object({
  unread: z.number().int(),
  items: z.array(notificationSchema),
});
export type Notifications = z.infer<typeof notificationsSchema>;

/** The most the bell lists. */
export const NOTIFICATIONS_SHOWN = 20;

/** Marks these read, or every one when `ids` is left out. */
export const markNotificationsReadSchema = z.object({
  ids: z.array(z.number().int().positive()).max(100).optional(),
});
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/**
 * The kinds a member may stop by mail; the security kinds (`securityChangeKinds`) are always mailed, at once:
 * they tell of a change the member may not have made.
 */
export const optionalMailKinds = notificationKinds.filter(
  (kind): kind is Exclude<NotificationKind, (typeof securityChangeKinds)[number]> =>
    !(securityChangeKinds as readonly string[]).includes(kind),
);
export type OptionalMailKind = (typeof optionalMailKinds)[number];

/** Which kinds come by mail: all but those `off`, one mail each, or the day's in one mail (`digest`). */
export const mailPreferencesSchema = z.object({
  off: z.array(z.enum(optionalMailKinds as [OptionalMailKind, ...OptionalMailKind[]])),
  digest: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const mailPreferencesBodySchema = z.object({
  off: z
    .array(
      z.enum(optionalMailKinds as [OptionalMailKind, ...OptionalMailKind[]], {
        error: 'Security mails are always sent; choose among the other kinds',
      }),
      { error: 'off must be a list' },
    )
    .max(notificationKinds.length)
    .transform((kinds) => [...new Set(kinds)]),
  digest: z.boolean({ error: 'digest must be true or false' }),
});

/** An unsubscribe link's token (`/mail-unsubscribe?token=…`): it names the account and the kind, signed. */
export const unsubscribeBodySchema = z.object({
  token: text({ error: 'token is required' }, { label: 'token' }).min(1, 'token is required').max(200),
});

/** The kind no longer mailed. */
export const unsubscribedSchema = z.object({ kind: z.enum(notificationKinds) });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
