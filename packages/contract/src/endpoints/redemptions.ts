import { endpoint } from '../endpoint';
import type { ApiErrorCode } from '../errors';
import { idempotencyErrors } from './shared-errors';
import { idParamSchema } from '../ids';
import { idempotencyHeadersSchema } from '../ledger';
import {
  redemptionAdminListQuerySchema,
  redemptionBodySchema,
  redemptionBulkApproveSchema,
  redemptionBulkRejectSchema,
  redemptionDecisionSchema,
  redemptionListQuerySchema,
  redemptionPageSchema,
  redemptionQuoteQuerySchema,
  redemptionQuoteSchema,
  redemptionRejectSchema,
  redemptionSchema,
} from '../products';

/** What its reads may answer. */
const readErrors = ['PRODUCT_NOT_FOUND', 'REDEMPTION_NOT_FOUND'] as const satisfies readonly ApiErrorCode[];

/** What a redemption refuses, and so its quote too (apps/api/src/redemptions/redeem.ts). */
const redeemRefusals = [
  'INSUFFICIENT_BALANCE',
  'OUT_OF_STOCK',
  'PRODUCT_INACTIVE',
  ...readErrors,
] as const satisfies readonly ApiErrorCode[];

/** What its writes may answer. */
const writeErrors = [
  ...redeemRefusals,
  'REDEMPTION_ALREADY_DECIDED',
  ...idempotencyErrors,
] as const satisfies readonly ApiErrorCode[];

/** What an admin's decision on a redemption may answer (money out needs two-factor). */
const decisionErrors = [
  'OUT_OF_STOCK',
  'PRODUCT_INACTIVE',
  'REDEMPTION_ALREADY_DECIDED',
  'TWO_FACTOR_REQUIRED',
  ...readErrors,
] as const satisfies readonly ApiErrorCode[];

/** `/api/admin/redemptions`, `/api/redemptions` */
export const redemptions = {
  create: endpoint({
    method: 'POST',
    path: '/redemptions',
    body: redemptionBodySchema,
    headers: idempotencyHeadersSchema,
    status: 201,
    answer: redemptionSchema,
    errors: writeErrors,
    tags: ['redemptions'],
    summary:
      'Redeem a product with points from the point wallet; points and stock are taken at once (accepts Idempotency-Key)',
  }),
  list: endpoint({
    method: 'GET',
    path: '/redemptions',
    query: redemptionListQuerySchema,
    status: 200,
    answer: redemptionPageSchema,
    errors: readErrors,
    tags: ['redemptions'],
    summary: 'Your redemptions (status, dates)',
  }),
  quote: endpoint({
    method: 'GET',
    path: '/redemptions/quote',
    query: redemptionQuoteQuerySchema,
    status: 200,
    answer: redemptionQuoteSchema,
    errors: redeemRefusals,
    tags: ['redemptions'],
    summary: 'Points before and after a redemption; refuses what the redemption would refuse',
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/redemptions',
    twoFactor: false,
    query: redemptionAdminListQuerySchema,
    status: 200,
    answer: redemptionPageSchema,
    errors: readErrors,
    tags: ['admin'],
    summary: 'Every redemption; `status=pending` for approval, `status=decided` for the history; `format=csv`',
  }),
  adminApprove: endpoint({
    method: 'POST',
    path: '/admin/redemptions/:id/approve',
    twoFactor: true,
    params: idParamSchema,
    status: 200,
    answer: redemptionSchema,
    errors: decisionErrors,
    tags: ['admin'],
    summary: 'Approve (shipped) one pending redemption (audited)',
  }),
  adminReject: endpoint({
    method: 'POST',
    path: '/admin/redemptions/:id/reject',
    twoFactor: true,
    params: idParamSchema,
    body: redemptionRejectSchema,
    headers: idempotencyHeadersSchema,
    status: 200,
    answer: redemptionSchema,
    errors: writeErrors,
    tags: ['admin'],
    summary:
      'Reject one pending redemption with a reason: points and stock are returned (audited; accepts Idempotency-Key)',
  }),
  adminApproveMany: endpoint({
    method: 'POST',
    path: '/admin/redemptions/approve',
    twoFactor: true,
    body: redemptionBulkApproveSchema,
    status: 200,
    answer: redemptionDecisionSchema,
    errors: decisionErrors,
    tags: ['admin'],
    summary: 'Approve many pending redemptions at once: all of them or none (audited)',
  }),
  adminRejectMany: endpoint({
    method: 'POST',
    path: '/admin/redemptions/reject',
    twoFactor: true,
    body: redemptionBulkRejectSchema,
    headers: idempotencyHeadersSchema,
    status: 200,
    answer: redemptionDecisionSchema,
    errors: writeErrors,
    tags: ['admin'],
    summary:
      'Reject many pending redemptions with one reason: all of them or none; points and stock returned (audited; accepts Idempotency-Key)',
  }),
};
