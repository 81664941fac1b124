import { z } from 'zod';

/** A sign-in of the account: where from, on what, and whether it is still in force. */
export const accountSessionSchema = z.object({
  id: z.string(),
  signedInAt: z.string(),
  /** Its last renewal of access (each page load and every quarter hour of use), or its sign-in. */
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

export const accountSessionsSchema = z.object({
  /** The sessions in force, this one first. */
  inForce: z.array(accountSessionSchema),
  /** The last sign-ins, in force or ended, newest first. */
  signIns: z.array(accountSessionSchema),
});
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

/** How many sign-ins the security log lists. */
export const SIGN_INS_SHOWN = 20;

export const sessionParamsSchema = z.object({ id: z.uuid({ error: 'id must be a session id' }) });

export const endedSessionsSchema = z.object({ ended: z.number().int() });
