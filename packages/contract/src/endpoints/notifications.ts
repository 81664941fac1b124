import { z } from 'zod';
import { endpoint } from '../endpoint';
import { markNotificationsReadSchema, notificationsSchema } from '../notifications';

/** `/api/notifications`: the signed-in account's bell. */
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
};
