import { endpoint } from '../endpoint';
import { auditPageSchema, auditQuerySchema, auditVerificationSchema } from '../admin';

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
  verification: endpoint({
    method: 'GET',
    path: '/admin/audit-log/verification',
    status: 200,
    answer: auditVerificationSchema,
    errors: [],
    tags: ['admin'],
    twoFactor: false,
    summary:
      'The audit chain as last verified: the last entry found whole with all before it, and the first entry that does not match (`npm run audit:verify` checks it on demand)',
  }),
};
