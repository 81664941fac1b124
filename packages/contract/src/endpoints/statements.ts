import { endpoint } from '../endpoint';
import { adminStatementParamsSchema, statementParamsSchema } from '../statements';

/**
 * `/api/statements/:month`, `/api/admin/members/:id/statements/:month`: a
 * member's monthly statement, a PDF (no JSON answer: the route declares its
 * content type, apps/api/src/statements/routes.ts).
 */
export const statements = {
  monthly: endpoint({
    method: 'GET',
    path: '/statements/:month',
    params: statementParamsSchema,
    status: 200,
    errors: ['STATEMENT_MONTH_IN_FUTURE', 'STATEMENT_BEFORE_JOINING'],
    tags: ['statements'],
    summary: 'Your monthly statement (PDF): wallets opening to closing, income by day and kind, matching days',
  }),
  adminMonthly: endpoint({
    method: 'GET',
    path: '/admin/members/:id/statements/:month',
    twoFactor: false,
    params: adminStatementParamsSchema,
    status: 200,
    errors: ['MEMBER_NOT_FOUND', 'STATEMENT_MONTH_IN_FUTURE', 'STATEMENT_BEFORE_JOINING'],
    tags: ['admin'],
    summary: "A member's monthly statement (PDF), as the member downloads it",
  }),
};
