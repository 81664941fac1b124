import type { FastifyRequest } from 'fastify';
import { principalOf } from './guard';
import type { RouteOptions } from './route';
import type { MemberMoneyInput } from '../../shared/member-money-input';

/**
 * The options of a money route whose request joins a group commit
 * (docs/decisions/0025-group-commit-for-the-hot-money-paths.md): the group's
 * statement checks the session itself (apps/api/sql/functions/ledger_request_gate.sql),
 * so the guard leaves it unchecked (apps/api/src/platform/http/guard.ts).
 */
export const GROUPED_MONEY_ROUTE: RouteOptions = { config: { sessionCheckedInStatement: true } };

/** The use case's input from such a route's request. */
export function memberMoneyInput<Body>(request: FastifyRequest & { body: Body }): MemberMoneyInput<Body> {
  const principal = principalOf(request);
  const key = request.headers['idempotency-key'];
  return {
    memberId: principal.userId,
    body: request.body,
    idempotencyKey: typeof key === 'string' ? key : undefined,
    uncheckedSessionId: principal.sessionUnchecked ? principal.sessionId : undefined,
  };
}
