import { endpoint } from '../endpoint';
import { idempotencyErrors } from './shared-errors';
import {
  adjustmentBodySchema,
  adjustmentSchema,
  adminMemberDetailSchema,
  adminMemberPageSchema,
  membersQuerySchema,
} from '../admin';
import { idParamSchema } from '../ids';
import { idempotencyHeadersSchema } from '../ledger';

/** `/api/admin/members` */
export const members = {
  adminList: endpoint({
    method: 'GET',
    path: '/admin/members',
    twoFactor: false,
    query: membersQuerySchema,
    status: 200,
    answer: adminMemberPageSchema,
    errors: ['MEMBER_NOT_FOUND'],
    tags: ['admin'],
    summary: 'Network members with sponsor, balances and status (search, filters; `format=csv`)',
  }),
  adminOne: endpoint({
    method: 'GET',
    path: '/admin/members/:id',
    twoFactor: false,
    params: idParamSchema,
    status: 200,
    answer: adminMemberDetailSchema,
    errors: ['MEMBER_NOT_FOUND'],
    tags: ['admin'],
    summary: 'One member with wallets',
  }),
  adminAdjust: endpoint({
    method: 'POST',
    path: '/admin/members/:id/adjustments',
    twoFactor: true,
    params: idParamSchema,
    body: adjustmentBodySchema,
    headers: idempotencyHeadersSchema,
    status: 201,
    answer: adjustmentSchema,
    errors: ['MEMBER_NOT_FOUND', 'INSUFFICIENT_BALANCE', ...idempotencyErrors],
    tags: ['admin'],
    summary: "Credit or debit a member's wallet with a reason (audited; accepts Idempotency-Key)",
  }),
};
