import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  chainWalletsQuerySchema,
  chainWalletsSchema,
  consolidationPageSchema,
  consolidationSchema,
  depositAddressSchema,
  depositListQuerySchema,
  depositPageSchema,
  myDepositsQuerySchema,
  myDepositsSchema,
  pageQuerySchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { actorOf } from '../audit/service';
import { sendList } from '../shared/list-reply';
import { adminTwoFactorGate } from '../two-factor/service';
import { listConsolidations, startConsolidation } from './consolidation';
import { adminDeposits, depositAddress, memberDeposits } from './service';
import { chainWallets } from './wallets';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema };

/** `/api/deposits` (members). */
export function depositRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/deposits/address', {
      schema: { tags: ['deposits'], summary: 'Your BEP20 deposit address, its token and network, the minimum credited', response: { 200: depositAddressSchema, ...errors } },
    }, async (request) => depositAddress(ctx, principalOf(request).userId));

    app.get('/deposits', {
      schema: {
        tags: ['deposits'],
        summary: 'Your deposits with their confirmations, your deposit wallet balance and the chain status (poll it for live status)',
        querystring: myDepositsQuerySchema,
        response: { 200: myDepositsSchema, ...errors },
      },
    }, async (request) => memberDeposits(ctx, principalOf(request).userId, request.query));
  };
}

/** `/api/admin/deposits`, `/api/admin/consolidations`, `/api/admin/chain/wallets`. */
export function depositAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/deposits', {
      schema: {
        tags: ['admin'],
        summary: 'All deposits (filters: member, status, dates; `format=csv`)',
        querystring: depositListQuerySchema,
        response: { 200: depositPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await adminDeposits(ctx, request.query)));

    app.get('/consolidations', {
      schema: { tags: ['admin'], summary: 'Consolidations with their transactions, and the total swept', querystring: pageQuerySchema, response: { 200: consolidationPageSchema, ...errors } },
    }, async (request) => listConsolidations(ctx, request.query));

    // Sweeping the deposit addresses needs an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
    app.post('/consolidations', {
      preHandler: adminTwoFactorGate(ctx),
      schema: {
        tags: ['admin'],
        summary: 'Sweep every deposit address holding at least the threshold to the treasury (resumes one left running; one at a time, 409 CONSOLIDATION_RUNNING while another runs)',
        response: { 201: consolidationSchema, ...errors },
      },
    }, async (request, reply) => reply.code(201).send(await startConsolidation(ctx, actorOf(request))));

    app.get('/chain/wallets', {
      schema: {
        tags: ['admin'],
        summary: 'Treasury, gas, hot wallet and deposit addresses with on-chain balances; the reconciliation of the ledger against the chain',
        querystring: chainWalletsQuerySchema,
        response: { 200: chainWalletsSchema, ...errors },
      },
    }, async (request) => chainWallets(ctx, request.query));
  };
}
