import { z } from 'zod';
import { securityChangeKinds } from './account-sessions';

/** What a member or an admin is told (apps/api/migrations/0050_notifications.sql writes them). */
export const notificationKinds = [
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
  ...securityChangeKinds,
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

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
