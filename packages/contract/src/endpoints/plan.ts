import { endpoint } from '../endpoint';
import {
  adminDashboardSchema,
  closeBodySchema,
  closeDateParamsSchema,
  closeListSchema,
  closeResultSchema,
  closeReviewSchema,
} from '../plan';

/** `/api/admin/dashboard`, `/api/admin/plan` */
export const plan = {
  adminClose: endpoint({
    method: 'POST',
    path: '/admin/plan/close',
    twoFactor: true,
    body: closeBodySchema,
    // 201 when this request ran the close, 200 with the first result of a day closed before.
    status: [200, 201],
    answer: closeResultSchema,
    errors: ['CLOSE_IN_FUTURE', 'CLOSE_OUT_OF_ORDER', 'CLOSE_AWAITING_REVIEW'],
    tags: ['admin'],
    summary:
      'Run the daily matching close for a UTC day (idempotent: a closed day answers its first result); with `closeReview` on it is computed and waits for a pay',
  }),
  adminCloseReview: endpoint({
    method: 'GET',
    path: '/admin/plan/closes/:date/review',
    twoFactor: false,
    params: closeDateParamsSchema,
    status: 200,
    answer: closeReviewSchema,
    errors: ['CLOSE_NOT_FOUND'],
    tags: ['admin'],
    summary: "A close's totals, largest payouts and payouts over the review threshold",
  }),
  adminClosePay: endpoint({
    method: 'POST',
    path: '/admin/plan/closes/:date/pay',
    twoFactor: true,
    params: closeDateParamsSchema,
    // 201 when this request credited the close, 200 with the stored result of a close paid before.
    status: [200, 201],
    answer: closeResultSchema,
    errors: ['CLOSE_NOT_FOUND', 'TWO_FACTOR_REQUIRED'],
    tags: ['admin'],
    summary:
      'Pay a close computed for review: credits exactly its records (idempotent: a paid close answers its result)',
  }),
  adminCloses: endpoint({
    method: 'GET',
    path: '/admin/plan/closes',
    twoFactor: false,
    status: 200,
    answer: closeListSchema,
    errors: [],
    tags: ['admin'],
    summary: 'The latest daily closes',
  }),
  adminDashboard: endpoint({
    method: 'GET',
    path: '/admin/dashboard',
    twoFactor: false,
    status: 200,
    answer: adminDashboardSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Members, sales, bonuses paid, payout ratio, money in and out, what waits, the chain; 90 days by day',
  }),
};
