/**
 * Takes the secrets out of a mail before anyone but its recipient sees it:
 * the value of every query parameter of every link (a reset link's token),
 * and any long random-looking word (a code or token written out on its own),
 * but not a 0x-prefixed hex word: chain addresses and transaction hashes are public.
 * The outbox admins read keeps the mail's shape, never a usable link.
 */
export const REDACTED = '[redacted]';

export function redactSecrets(text: string): string {
  return text
    .replace(
      /(https?:\/\/[^\s?#]+\?)(\S+)/g,
      (_, base: string, query: string) =>
        base +
        query
          .split('&')
          .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${REDACTED}` : pair))
          .join('&'),
    )
    .replace(
      /(?<![\w/.=@-])(?!0x[0-9a-fA-F]+(?![\w/.@-]))(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}(?![\w/.@-])/g,
      REDACTED,
    );
}
