import { endpoint } from '../endpoint';
import {
  adminBonusListQuerySchema,
  bonusListQuerySchema,
  bonusPageSchema,
  incomeSummaryQuerySchema,
  incomeSummarySchema,
  planStatusSchema,
} from '../plan';

/** `/api/admin/bonuses`, `/api/bonuses`, `/api/income`, `/api/plan` */
export const bonuses = {
  list: endpoint({
    method: 'GET',
    path: '/bonuses',
    query: bonusListQuerySchema,
    status: 200,
    answer: bonusPageSchema,
    errors: [],
    tags: ['bonuses'],
    summary: 'Your referral (`type=referral`) or matching (`type=matching`) bonuses, with how each came about',
  }),
  incomeSummary: endpoint({
    method: 'GET',
    path: '/income/summary',
    query: incomeSummaryQuerySchema,
    status: 200,
    answer: incomeSummarySchema,
    errors: [],
    tags: ['bonuses'],
    summary: 'Your bonus income by type, per day or month',
  }),
  planStatus: endpoint({
    method: 'GET',
    path: '/plan/status',
    status: 200,
    answer: planStatusSchema,
    errors: [],
    tags: ['bonuses'],
    summary: 'Your package, active flag and leg volumes',
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/bonuses',
    twoFactor: false,
    query: adminBonusListQuerySchema,
    status: 200,
    answer: bonusPageSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Every referral or matching bonus; `member` (username), dates; `format=csv` for the whole list',
  }),
};
