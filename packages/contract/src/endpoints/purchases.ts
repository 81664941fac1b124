import { endpoint } from '../endpoint';
import { idempotencyErrors } from './shared-errors';
import { idempotencyHeadersSchema } from '../ledger';
import {
  adminPurchaseListQuerySchema,
  adminPurchasePageSchema,
  purchaseBodySchema,
  purchaseListQuerySchema,
  purchasePageSchema,
  purchaseSchema,
} from '../plan';

/** `/api/purchases` */
export const purchases = {
  create: endpoint({
    method: 'POST',
    path: '/purchases',
    body: purchaseBodySchema,
    headers: idempotencyHeadersSchema,
    status: 201,
    answer: purchaseSchema,
    errors: ['INSUFFICIENT_BALANCE', 'MEMBER_NOT_FOUND', 'PACKAGE_INACTIVE', 'PACKAGE_NOT_FOUND', ...idempotencyErrors],
    tags: ['packages'],
    summary: 'Buy a package from your deposit wallet; pays the referral bonuses (accepts Idempotency-Key)',
  }),
  list: endpoint({
    method: 'GET',
    path: '/purchases',
    query: purchaseListQuerySchema,
    status: 200,
    answer: purchasePageSchema,
    errors: ['MEMBER_NOT_FOUND', 'PACKAGE_NOT_FOUND'],
    tags: ['packages'],
    summary: 'Your purchases, newest first; `kind=purchase` or `repurchase`',
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/purchases',
    twoFactor: false,
    query: adminPurchaseListQuerySchema,
    status: 200,
    answer: adminPurchasePageSchema,
    errors: [],
    tags: ['admin'],
    summary: "Every member's purchases, newest first; `state=standing` or `undone`; `format=csv`",
  }),
};
