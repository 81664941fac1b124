import { endpoint } from '../endpoint';
import {
  incomeDisclosurePdfQuerySchema,
  incomeDisclosureQuerySchema,
  incomeDisclosureSchema,
  publishedIncomeDisclosureQuerySchema,
  publishedIncomeDisclosureSchema,
} from '../income-disclosure';

/** `/api/admin/income-disclosure` (admins, any period), `/api/income-disclosure` (anyone, a year, when published). */
export const incomeDisclosure = {
  published: endpoint({
    method: 'GET',
    path: '/income-disclosure',
    query: publishedIncomeDisclosureQuerySchema,
    status: 200,
    answer: publishedIncomeDisclosureSchema,
    errors: ['INCOME_DISCLOSURE_YEAR_OUT_OF_RANGE'],
    tags: ['bonuses'],
    summary:
      "A calendar year's income disclosure for anyone, without signing in, when the operator publishes it (the current year to date; else `published: false`); worked out at most every 10 minutes",
  }),
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
