import { endpoint } from '../endpoint';
import { auditPageSchema, auditQuerySchema } from '../admin';

/** `/api/admin/audit-log` */
export const audit = {
  list: endpoint({
    method: 'GET',
    path: '/admin/audit-log',
    twoFactor: false,
    query: auditQuerySchema,
    status: 200,
    answer: auditPageSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Every admin action (filters: action, actor, target, dates; `format=csv` for the whole list)',
  }),
};
