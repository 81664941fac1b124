import { endpoint } from '../endpoint';
import { outboxPageSchema, outboxQuerySchema } from '../admin';

/** `/api/admin/outbox` */
export const mail = {
  adminOutbox: endpoint({
    method: 'GET',
    path: '/admin/outbox',
    twoFactor: false,
    query: outboxQuerySchema,
    status: 200,
    answer: outboxPageSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Mail kept in the outbox (no SMTP_URL configured), newest first, links and tokens redacted',
  }),
};
