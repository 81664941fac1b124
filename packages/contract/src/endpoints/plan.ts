import { endpoint } from '../endpoint';
import { adminDashboardSchema, closeBodySchema, closeListSchema, closeResultSchema } from '../plan';

/** `/api/admin/dashboard`, `/api/admin/plan` */
export const plan = {
  adminClose: endpoint({
    method: 'POST',
    path: '/admin/plan/close',
    body: closeBodySchema,
    // 201 when this request ran the close, 200 with the first result of a day closed before.
    status: [200, 201],
    answer: closeResultSchema,
    errors: ['CLOSE_IN_FUTURE', 'CLOSE_OUT_OF_ORDER'],
    tags: ['admin'],
    summary: 'Run the daily matching close for a UTC day (idempotent: a closed day answers its first result)',
  }),
  adminCloses: endpoint({
    method: 'GET',
    path: '/admin/plan/closes',
    status: 200,
    answer: closeListSchema,
    errors: [],
    tags: ['admin'],
    summary: 'The latest daily closes',
  }),
  adminDashboard: endpoint({
    method: 'GET',
    path: '/admin/dashboard',
    status: 200,
    answer: adminDashboardSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Members, package sales, bonuses paid, payout ratio, last 30 days',
  }),
};
