import { endpoint } from '../endpoint';
import { idempotencyErrors } from './shared-errors';
import {
  conversionBodySchema,
  conversionListQuerySchema,
  conversionPageSchema,
  conversionQuoteSchema,
  conversionSchema,
  conversionTermsSchema,
  idempotencyHeadersSchema,
} from '../ledger';

/** `/api/conversions` */
export const conversions = {
  create: endpoint({
    method: 'POST',
    path: '/conversions',
    body: conversionBodySchema,
    headers: idempotencyHeadersSchema,
    status: 201,
    answer: conversionSchema,
    errors: ['AMOUNT_TOO_SMALL', 'BELOW_MINIMUM', 'INSUFFICIENT_BALANCE', ...idempotencyErrors],
    tags: ['conversions'],
    summary: 'Convert USDT from the income wallet into points (accepts Idempotency-Key)',
  }),
  list: endpoint({
    method: 'GET',
    path: '/conversions',
    query: conversionListQuerySchema,
    status: 200,
    answer: conversionPageSchema,
    errors: [],
    tags: ['conversions'],
    summary: 'Your conversions',
  }),
  terms: endpoint({
    method: 'GET',
    path: '/conversions/terms',
    status: 200,
    answer: conversionTermsSchema,
    errors: [],
    tags: ['conversions'],
    summary: 'The rate and minimum in force',
  }),
  quote: endpoint({
    method: 'GET',
    path: '/conversions/quote',
    query: conversionBodySchema,
    status: 200,
    answer: conversionQuoteSchema,
    errors: ['AMOUNT_TOO_SMALL', 'BELOW_MINIMUM'],
    tags: ['conversions'],
    summary: 'How many points an amount converts to; refuses what the conversion would refuse',
  }),
};
