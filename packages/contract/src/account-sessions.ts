import { z } from 'zod';
import { userSchema } from './auth';

/** A sign-in of the account: where from, on what, and whether it is still in force. */
export const accountSessionSchema = z.object({
  id: z.string(),
  signedInAt: z.string(),
  /** Its last renewal of access (a refresh of its access token), or its sign-in if it never renewed. */
  lastActiveAt: z.string(),
  /** The client address it signed in from. */
  ip: z.string().nullable(),
  /** The browser and system in words, read from its user agent: "Chrome on Windows". */
  device: z.string(),
  /** The session this request comes from. */
  current: z.boolean(),
  /** When it was signed out or ran out; null while it is in force. */
  endedAt: z.string().nullable(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** The changes to an account's security that its owner is also told of (notifications.ts). */
export const securityChangeKinds = [
  'password_changed',
  'password_reset',
  'two_factor_on',
  'two_factor_off',
  'withdrawal_address_added',
  'withdrawal_address_removed',
] as const;

export const securityEventKinds = [
  ...securityChangeKinds,
  'session_ended',
  'other_sessions_ended',
  'viewed_by_support',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

/** A security change of the account, in words for its log. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  password_changed: 'Password changed',
  password_reset: 'Password reset by a mailed link',
  two_factor_on: 'Two-factor sign-in turned on',
  two_factor_off: 'Two-factor sign-in turned off',
  withdrawal_address_added: 'Withdrawal address saved',
  withdrawal_address_removed: 'Withdrawal address removed',
  session_ended: 'A session signed out',
  other_sessions_ended: 'Signed out everywhere else',
  viewed_by_support: 'Support viewed your account, read-only',
};

export const securityEventSchema = z.object({
  kind: z.enum(securityEventKinds),
  at: z.string(),
  /** The session that made the change, in words ("Chrome on Windows"); null for a password reset link. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  /** A support view's admin (`viewed_by_support`): their username. */
  by: z.string().optional(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const accountSessionsSchema = z.object({
  /** The sessions in force, this one first. */
  inForce: z.array(accountSessionSchema),
  /** The last sign-ins, in force or ended, newest first. */
  signIns: z.array(accountSessionSchema),
  /** The last security changes (password, two-factor, withdrawal addresses, sessions signed out), newest first. */
  changes: z.array(securityEventSchema),
});
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

/** How many sign-ins, and how many changes, the security log lists. */
export const SIGN_INS_SHOWN = 20;

export const sessionParamsSchema = z.object({ id: z.uuid({ error: 'id must be a session id' }) });

export const endedSessionsSchema = z.object({ ended: z.number().int() });

/** How long a support view lasts: its one access token, never renewed (docs/decisions/0069-support-views-read-only.md). */
export const SUPPORT_VIEW_MINUTES = 30;

/** A support view begun: the read-only access of the member's account, until `endsAt`. */
export const supportViewSchema = z.object({
  accessToken: z.string(),
  user: userSchema,
  endsAt: z.string(),
  /** The viewing admin's username, for the banner. */
  viewedBy: z.string(),
});
export type SupportView = z.infer<typeof supportViewSchema>;
