import { endpoint } from '../endpoint';
import { pageQuerySchema } from '../common';
import {
  chainWalletsQuerySchema,
  chainWalletsSchema,
  consolidationPageSchema,
  consolidationSchema,
  depositAddressSchema,
  depositListQuerySchema,
  depositPageSchema,
  myDepositsQuerySchema,
  myDepositsSchema,
} from '../deposits';

/** `/api/admin/chain`, `/api/admin/consolidations`, `/api/admin/deposits`, `/api/deposits` */
export const deposits = {
  address: endpoint({
    method: 'GET',
    path: '/deposits/address',
    status: 200,
    answer: depositAddressSchema,
    errors: ['CHAIN_UNAVAILABLE', 'CONSOLIDATION_UNAVAILABLE'],
    tags: ['deposits'],
    summary: 'Your BEP20 deposit address, its token and network, the minimum credited',
  }),
  list: endpoint({
    method: 'GET',
    path: '/deposits',
    query: myDepositsQuerySchema,
    status: 200,
    answer: myDepositsSchema,
    errors: ['CHAIN_UNAVAILABLE', 'CONSOLIDATION_UNAVAILABLE'],
    tags: ['deposits'],
    summary:
      'Your deposits with their confirmations, your deposit wallet balance and the chain status (poll it for live status)',
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/deposits',
    query: depositListQuerySchema,
    status: 200,
    answer: depositPageSchema,
    errors: ['CHAIN_UNAVAILABLE', 'CONSOLIDATION_UNAVAILABLE'],
    tags: ['admin'],
    summary: 'All deposits (filters: member, status, dates; `format=csv`)',
  }),
  adminConsolidations: endpoint({
    method: 'GET',
    path: '/admin/consolidations',
    query: pageQuerySchema,
    status: 200,
    answer: consolidationPageSchema,
    errors: ['CHAIN_UNAVAILABLE', 'CONSOLIDATION_UNAVAILABLE'],
    tags: ['admin'],
    summary: 'Consolidations with their transactions, and the total swept',
  }),
  adminConsolidate: endpoint({
    method: 'POST',
    path: '/admin/consolidations',
    status: 201,
    answer: consolidationSchema,
    errors: ['CHAIN_UNAVAILABLE', 'CONSOLIDATION_RUNNING', 'CONSOLIDATION_UNAVAILABLE', 'TWO_FACTOR_REQUIRED'],
    tags: ['admin'],
    summary:
      'Sweep every deposit address holding at least the threshold to the treasury (resumes one left running; one at a time, 409 CONSOLIDATION_RUNNING while another runs)',
  }),
  adminChainWallets: endpoint({
    method: 'GET',
    path: '/admin/chain/wallets',
    query: chainWalletsQuerySchema,
    status: 200,
    answer: chainWalletsSchema,
    errors: ['CHAIN_UNAVAILABLE', 'CONSOLIDATION_UNAVAILABLE'],
    tags: ['admin'],
    summary:
      'Treasury, gas, hot wallet and deposit addresses with on-chain balances; the reconciliation of the ledger against the chain',
  }),
};
