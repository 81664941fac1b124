import { createHmac, timingSafeEqual } from 'node:crypto';
import { optionalMailKinds, type OptionalMailKind } from '@portal/contract';
import type { Config } from '../../platform/config';

type Keys = Pick<Config, 'jwtSecret' | 'publicUrl'>;

/** Its own key, derived from the JWT secret: a token of one purpose never signs another's. */
const keyOf = (config: Keys) => createHmac('sha256', config.jwtSecret).update('portal mail unsubscribe v1').digest();

/** 32 base64url characters: 192 bits, not to be guessed. */
const signatureOf = (config: Keys, userId: number, kind: string) =>
  createHmac('sha256', keyOf(config)).update(`${userId}.${kind}`).digest('base64url').slice(0, 32);

/**
 * `<account id>.<kind>.<signature>`: it turns that kind off for that account without a sign-in, and nothing else.
 * It does not expire (a mail is read late), and there is none for a security kind.
 */
export const unsubscribeToken = (config: Keys, userId: number, kind: OptionalMailKind): string =>
  `${userId}.${kind}.${signatureOf(config, userId, kind)}`;

/** The web page that asks to confirm (apps/web/src/features/notifications/UnsubscribePage.tsx), then unsubscribes. */
export const unsubscribeLink = (config: Keys, userId: number, kind: OptionalMailKind): string =>
  `${config.publicUrl}/mail-unsubscribe?token=${encodeURIComponent(unsubscribeToken(config, userId, kind))}`;

/** The account and kind of a token this portal signed; undefined for anything else. */
export function readUnsubscribeToken(
  config: Keys,
  token: string,
): { userId: number; kind: OptionalMailKind } | undefined {
  const match = /^(\d{1,15})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return undefined;
  const [, id, kind, signature] = match as unknown as [string, string, string, string];
  const known = optionalMailKinds.find((k) => k === kind);
  if (!known) return undefined;
  const userId = Number(id);
  if (!timingSafeEqual(Buffer.from(signatureOf(config, userId, known)), Buffer.from(signature))) return undefined;
  return { userId, kind: known };
}
