import { z } from 'zod';

/**
 * THE text field of the contract. Every free-text input (body, query, path,
 * Basic credentials) is built from `text()`, never from a bare `z.string()`.
 * It refuses, with a 400 naming the field:
 * - the control characters (Unicode category Cc: U+0000–U+001F,
 *   U+007F–U+009F) that PostgreSQL cannot store (NUL) or that corrupt logs,
 *   CSV exports and mail headers;
 * - what is not valid Unicode text: an unpaired UTF-16 surrogate (category
 *   Cs; JSON's `"\ud800"` parses to one, and PostgreSQL refuses it in a
 *   jsonb parameter, where it answered 500, or stores it as U+FFFD in a text
 *   column, so the stored text was not what was sent) and the 66
 *   noncharacters (U+FDD0–U+FDEF and U+nFFFE/U+nFFFF of every plane), which
 *   Unicode reserves for a program's internal use and never for interchange.
 * Chain the field's own rules after it: `text({ error: 'Name is required' }, { label: 'Name' }).trim().min(1)…`.
 * `multiline: true` lets a field keep line breaks and tabs (a long description).
 *
 * The property test `apps/api/test/text-fields.property.test.ts` sends every
 * text field of every request schema every control character, a lone
 * surrogate and the noncharacters, and fails on a request schema field that
 * is a plain `z.string()`; `apps/api/test/text-fields.http.test.ts` sends the
 * same to every text field of every operation of the API document over HTTP.
 */
export const CONTROL_CHARACTER = /\p{Cc}/u;
const SINGLE_LINE = /^\P{Cc}*$/u;
const MULTI_LINE = /^(?:[\t\n\r]|\P{Cc})*$/u;
/** No unpaired surrogate, no noncharacter (the `u` flag reads a string by code points, so a lone half is Cs). */
const VALID_UNICODE = /^[^\p{Cs}\p{Noncharacter_Code_Point}]*$/u;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';
export const INVALID_UNICODE_MESSAGE = 'must be valid Unicode text (no unpaired surrogates or noncharacters)';

/** The patterns `text()` checks with; a test finds a text field by them. */
export const TEXT_PATTERNS: readonly RegExp[] = [SINGLE_LINE, MULTI_LINE];
/** The pattern every text field also checks (valid Unicode); a test finds it beside TEXT_PATTERNS. */
export const UNICODE_PATTERN: RegExp = VALID_UNICODE;

export interface TextOptions {
  /** What the field is called in the message ("Full name must not contain…"); the path names it anyway. */
  label?: string;
  /** Allow tab, line feed and carriage return (the other control characters stay refused). */
  multiline?: boolean;
}

/** `params` are zod's own for `z.string()` (the message for a missing or non-string value). */
export function text(params?: Parameters<typeof z.string>[0], options: TextOptions = {}) {
  const label = options.label ?? 'Text';
  return z
    .string(params)
    .regex(options.multiline ? MULTI_LINE : SINGLE_LINE, `${label} ${CONTROL_CHARACTER_MESSAGE}`)
    .regex(VALID_UNICODE, `${label} ${INVALID_UNICODE_MESSAGE}`);
}

/** True when `value` contains a control character (for inputs outside zod: the Basic credentials). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** True when `value` is not valid Unicode text as `text()` means it (for inputs outside zod). */
export function hasInvalidUnicode(value: string): boolean {
  return !VALID_UNICODE.test(value);
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
