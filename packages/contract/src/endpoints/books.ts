import { endpoint } from '../endpoint';
import { trialBalanceQuerySchema, trialBalanceSchema } from '../books';

/** `/api/admin/books/…`: the books an accountant takes. */
export const books = {
  trialBalance: endpoint({
    method: 'GET',
    path: '/admin/books/trial-balance',
    twoFactor: false,
    query: trialBalanceQuerySchema,
    status: 200,
    answer: trialBalanceSchema,
    errors: [],
    tags: ['admin'],
    summary:
      "A period's trial balance: every company account and the members' wallets by kind, opening, debits, credits and closing, checked against the wallets and the chain (`format=csv`: the lines)",
  }),
};
