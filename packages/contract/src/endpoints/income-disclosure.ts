import { endpoint } from '../endpoint';
import {
  incomeDisclosurePdfQuerySchema,
  incomeDisclosureQuerySchema,
  incomeDisclosureSchema,
} from '../income-disclosure';

/** `/api/admin/income-disclosure` */
export const incomeDisclosure = {
  read: endpoint({
    method: 'GET',
    path: '/admin/income-disclosure',
    twoFactor: false,
    query: incomeDisclosureQuerySchema,
    status: 200,
    answer: incomeDisclosureSchema,
    errors: [],
    tags: ['admin'],
    summary:
      'The income disclosure of a period: every member counted, those who earned nothing too; income percentiles, mean and median, spending on packages against income, typical time in the network (`format=csv`: the figures)',
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/admin/income-disclosure/pdf',
    twoFactor: false,
    query: incomeDisclosurePdfQuerySchema,
    status: 200,
    errors: [],
    tags: ['admin'],
    summary: 'The income disclosure of a period as a PDF, for publishing',
  }),
};
