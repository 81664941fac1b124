import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  allEntriesQuerySchema,
  walletEntriesQuerySchema,
  walletEntryPageSchema,
  walletSchema,
  walletsResponseSchema,
} from '../ledger';

/** `/api/wallets` */
export const wallets = {
  list: endpoint({
    method: 'GET',
    path: '/wallets',
    status: 200,
    answer: walletsResponseSchema,
    errors: [],
    tags: ['wallets'],
    summary: 'The three wallets with their balances',
  }),
  entries: endpoint({
    method: 'GET',
    path: '/wallets/entries',
    query: allEntriesQuerySchema,
    status: 200,
    answer: walletEntryPageSchema,
    errors: [],
    tags: ['wallets'],
    summary: 'History of all three wallets (or one with `wallet=`), newest first',
  }),
  walletEntries: endpoint({
    method: 'GET',
    path: '/wallets/:wallet/entries',
    params: z.object({ wallet: walletSchema }),
    query: walletEntriesQuerySchema,
    status: 200,
    answer: walletEntryPageSchema,
    errors: [],
    tags: ['wallets'],
    summary: "One wallet's history (`deposit`, `income` or `points`)",
  }),
};
