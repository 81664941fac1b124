import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, docs/operations.md "Webhook signatures"):
 * the secret is `whsec_` and base64; its decoded bytes key an HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`, sent base64 as `v1,<signature>`.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new endpoint's secret: 32 random bytes. */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The `webhook-signature` header of a body. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
