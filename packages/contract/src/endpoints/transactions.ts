import { endpoint } from '../endpoint';
import { journalEntryPageSchema, transactionsQuerySchema } from '../admin';

/** `/api/admin/transactions` */
export const transactions = {
  adminList: endpoint({
    method: 'GET',
    path: '/admin/transactions',
    twoFactor: false,
    query: transactionsQuerySchema,
    status: 200,
    answer: journalEntryPageSchema,
    errors: [],
    tags: ['admin'],
    summary:
      'Every journal entry with a few of its postings and their count (filters: type, member, wallet, dates; `format=csv`: one line per posting, all of them)',
  }),
};
