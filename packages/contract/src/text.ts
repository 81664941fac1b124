import { z } from 'zod';

/**
 * THE text field of the contract. Every free-text input (body, query,
 * Basic credentials) is built from `text()`, never from a bare `z.string()`:
 * it refuses the control characters (Unicode category Cc: U+0000–U+001F,
 * U+007F–U+009F) that PostgreSQL cannot store (NUL) or that corrupt logs,
 * CSV exports and mail headers, with a 400 naming the field. Chain the
 * field's own rules after it: `text({ error: 'Name is required' }, { label: 'Name' }).trim().min(1)…`.
 * `multiline: true` lets a field keep line breaks and tabs (a long description).
 *
 * The property test `apps/api/test/text-fields.property.test.ts` sends every
 * text field of every request schema every control character, and fails on a
 * request schema field that is a plain `z.string()`.
 */
export const CONTROL_CHARACTER = /\p{Cc}/u;
const SINGLE_LINE = /^\P{Cc}*$/u;
const MULTI_LINE = /^(?:[\t\n\r]|\P{Cc})*$/u;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** The two patterns `text()` checks with; a test finds a text field by them. */
export const TEXT_PATTERNS: readonly RegExp[] = [SINGLE_LINE, MULTI_LINE];

export interface TextOptions {
  /** What the field is called in the message ("Full name must not contain…"); the path names it anyway. */
  label?: string;
  /** Allow tab, line feed and carriage return (the other control characters stay refused). */
  multiline?: boolean;
}

/** `params` are zod's own for `z.string()` (the message for a missing or non-string value). */
export function text(params?: Parameters<typeof z.string>[0], options: TextOptions = {}) {
  const message = `${options.label ?? 'Text'} ${CONTROL_CHARACTER_MESSAGE}`;
  return z.string(params).regex(options.multiline ? MULTI_LINE : SINGLE_LINE, message);
}

/** True when `value` contains a control character (for inputs outside zod: the Basic credentials). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * One username, one key: Unicode NFKC, one case fold, NFKC again
 * (Unicode's NFKC_Casefold in the form JavaScript offers). The account
 * lookup, the sign-in limiter, uniqueness (the database's `username_key`)
 * and the referral/receiver lookups all use this; `ＡＤＭＩＮ`, `Admin` and
 * `admin` are one account.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase().normalize('NFKC');
}
