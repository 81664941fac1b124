import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  mailPreferencesBodySchema,
  mailPreferencesSchema,
  markNotificationsReadSchema,
  notificationsSchema,
  unsubscribeBodySchema,
  unsubscribedSchema,
} from '../notifications';

/** `/api/notifications`: the signed-in account's bell and mail preferences; the mails' unsubscribe links. */
export const notifications = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    status: 200,
    answer: notificationsSchema,
    errors: [],
    tags: ['notifications'],
    summary: 'The unread count and the latest notifications, newest first',
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/notifications/read',
    body: markNotificationsReadSchema,
    status: 200,
    answer: z.object({ unread: z.number().int() }),
    errors: [],
    tags: ['notifications'],
    summary: 'Marks notifications read (these `ids`, or all of them); answers the unread count left',
  }),
  stream: endpoint({
    method: 'GET',
    path: '/notifications/stream',
    status: 200,
    errors: [],
    tags: ['notifications'],
    summary:
      'Server-sent events: `notification` (data `{"id":…}`) as each new notification of the account is written, a comment every 15 s to keep proxies from closing it; it ends after 10 minutes (reconnect)',
  }),
  mailPreferences: endpoint({
    method: 'GET',
    path: '/notifications/mail-preferences',
    status: 200,
    answer: mailPreferencesSchema,
    errors: [],
    tags: ['notifications'],
    summary: 'Which kinds come by mail (security kinds always do), one mail each or a daily digest',
  }),
  updateMailPreferences: endpoint({
    method: 'PUT',
    path: '/notifications/mail-preferences',
    body: mailPreferencesBodySchema,
    status: 200,
    answer: mailPreferencesSchema,
    errors: [],
    tags: ['notifications'],
    summary: 'Sets the kinds not mailed (never a security kind) and the daily digest',
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/notifications/unsubscribe',
    body: unsubscribeBodySchema,
    status: 200,
    answer: unsubscribedSchema,
    errors: ['UNSUBSCRIBE_LINK_INVALID'],
    tags: ['notifications'],
    summary: "No sign-in: an unsubscribe link's token turns its kind off for its account; answers the kind",
  }),
};
