import { endpoint } from '../endpoint';
import { memberDashboardSchema } from '../dashboard';

/** `/api/dashboard` */
export const dashboard = {
  member: endpoint({
    method: 'GET',
    path: '/dashboard',
    status: 200,
    answer: memberDashboardSchema,
    errors: [],
    tags: ['dashboard'],
    summary:
      'Your dashboard in one answer: wallets, plan and teams, income by day for 90 days, what is pending, referral link, latest movements',
  }),
};
