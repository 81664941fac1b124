import { endpoint } from '../endpoint';
import {
  idempotencyHeadersSchema,
  receiverQuerySchema,
  receiverSchema,
  transferBodySchema,
  transferListQuerySchema,
  transferPageSchema,
  transferQuoteSchema,
  transferSchema,
  transferTermsSchema,
} from '../ledger';

/** The receiver, minimum and fee refusals a transfer and its quote share. */
const refusals = [
  'AMOUNT_TOO_SMALL',
  'BELOW_MINIMUM',
  'RECEIVER_BLOCKED',
  'RECEIVER_IS_ROOT',
  'RECEIVER_NOT_FOUND',
  'TRANSFER_TO_SELF',
] as const;

/** `/api/transfers` */
export const transfers = {
  create: endpoint({
    method: 'POST',
    path: '/transfers',
    headers: idempotencyHeadersSchema,
    body: transferBodySchema,
    status: 201,
    answer: transferSchema,
    errors: [...refusals, 'INSUFFICIENT_BALANCE', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED'],
    tags: ['transfers'],
    summary: "Send USDT from your deposit wallet to another member's (accepts Idempotency-Key)",
  }),
  list: endpoint({
    method: 'GET',
    path: '/transfers',
    query: transferListQuerySchema,
    status: 200,
    answer: transferPageSchema,
    errors: ['PAGE_TOO_DEEP'],
    tags: ['transfers'],
    summary: 'Your transfers, `direction=sent` (default) or `received`',
  }),
  terms: endpoint({
    method: 'GET',
    path: '/transfers/terms',
    status: 200,
    answer: transferTermsSchema,
    errors: [],
    tags: ['transfers'],
    summary: 'The minimum and fee in force',
  }),
  receiver: endpoint({
    method: 'GET',
    path: '/transfers/receiver',
    query: receiverQuerySchema,
    status: 200,
    answer: receiverSchema,
    errors: ['RECEIVER_BLOCKED', 'RECEIVER_IS_ROOT', 'RECEIVER_NOT_FOUND', 'TRANSFER_TO_SELF'],
    tags: ['transfers'],
    summary: 'Look a receiver up by username (full name shown before confirming)',
  }),
  quote: endpoint({
    method: 'GET',
    path: '/transfers/quote',
    query: transferBodySchema,
    status: 200,
    answer: transferQuoteSchema,
    errors: [...refusals, 'INSUFFICIENT_BALANCE'],
    tags: ['transfers'],
    summary: 'What a transfer would take, cost and deliver; refuses what the transfer would refuse (but the balance)',
  }),
};
