import { z } from 'zod';
import { pageOf } from './common';
import { listFormatSchema, listQuery, oneOrMoreSchema, searchSchema, sortSchema } from './lists';
import { NOTIFICATION_KIND_LABELS, notificationKinds, type NotificationKind } from './notifications';
import { text } from './text';

/**
 * Signed webhooks to the operator's own systems (docs/decisions/0066-webhooks.md):
 * endpoints admins register, each sent the notifications of the kinds it
 * chose, signed Standard-Webhooks style, retried for three days.
 */

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** The event type of an admin's "send test event". */
export const WEBHOOK_TEST_KIND = 'webhook.test';

/** The kinds an endpoint may be sent, in words for the admins' page. */
export const WEBHOOK_KIND_LABELS: Record<NotificationKind | typeof WEBHOOK_TEST_KIND, string> = {
  ...NOTIFICATION_KIND_LABELS,
  [WEBHOOK_TEST_KIND]: 'Test event',
};

export const webhookUrlSchema = text(
  { error: (issue) => (issue.input === undefined ? 'URL is required' : 'URL must be text') },
  { label: 'URL' },
)
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_URL_MAX, `URL must be at most ${WEBHOOK_URL_MAX} characters`)
  .meta({ description: 'Where deliveries are POSTed: https (http only where private addresses are allowed)' });

export const webhookKindsSchema = z
  .array(z.enum(notificationKinds, { error: 'Unknown notification kind' }), { error: 'kinds must be a list' })
  .min(1, 'Choose at least one kind of event')
  .max(notificationKinds.length)
  .transform((kinds) => [...new Set(kinds)]);

const descriptionSchema = text({ error: 'Description must be text' }, { label: 'Description' })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`);

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  kinds: z.array(z.string()),
  enabled: z.boolean(),
  disabledAt: z.iso.datetime().nullable(),
  disabledReason: z.string().nullable(),
  /** Since when every attempt has failed; null when the last one succeeded. */
  failingSince: z.iso.datetime().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Deliveries not sent yet (waiting or being retried). */
  waiting: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointPageSchema = pageOf(webhookEndpointSchema);

export const webhookEndpointListQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'url'], '-createdAt'),
  /** Part of the URL or the description. */
  search: searchSchema,
  state: z.enum(['enabled', 'disabled', 'all'], { error: 'state must be enabled, disabled or all' }).default('all'),
  format: listFormatSchema,
});
export type WebhookEndpointListQuery = z.infer<typeof webhookEndpointListQuerySchema>;

export const webhookCreateBodySchema = z.object({
  url: webhookUrlSchema,
  kinds: webhookKindsSchema,
  description: descriptionSchema.optional(),
});
export type WebhookCreateBody = z.input<typeof webhookCreateBodySchema>;

/** The endpoint, and its signing secret: the only time the secret is shown. */
export const webhookCreatedSchema = z.object({
  endpoint: webhookEndpointSchema,
  /** `whsec_` and base64: keep it in the receiving system; it is never shown again. */
  secret: z.string(),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookUpdateBodySchema = z
  .object({
    kinds: webhookKindsSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    description: descriptionSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type WebhookUpdateBody = z.input<typeof webhookUpdateBodySchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed', 'abandoned'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  failed: 'Failed, retrying',
  abandoned: 'Abandoned',
};

export const webhookAttemptSchema = z.object({
  at: z.iso.datetime(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  status: z.number().int().nullable(),
  /** The start of the answer's body. */
  body: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  /** The `webhook-id` header and the payload's `id`: the same on every attempt, for the receiver to drop repeats. */
  eventId: z.string(),
  /** The notification's kind, or `webhook.test`. */
  kind: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.iso.datetime().nullable(),
  lastStatus: z.number().int().nullable(),
  lastBody: z.string().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Each attempt, oldest first (the latest 20). */
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema);

export const webhookDeliveryListQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'lastAttemptAt'], '-createdAt'),
  status: oneOrMoreSchema('status', webhookDeliveryStatuses).optional(),
  /** A notification kind, or `webhook.test`. */
  kind: z
    .enum([...notificationKinds, WEBHOOK_TEST_KIND], { error: 'kind must be a notification kind or webhook.test' })
    .optional(),
  format: listFormatSchema,
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuerySchema>;

/** What every delivery POSTs (the body signed with the headers `webhook-id`, `webhook-timestamp`, `webhook-signature`). */
export interface WebhookPayload {
  id: string;
  type: string;
  /** When the event happened, ISO 8601. */
  timestamp: string;
  data: Record<string, unknown>;
}
