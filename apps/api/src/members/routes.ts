import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentBodySchema,
  adjustmentSchema,
  adminMemberDetailSchema,
  adminMemberPageSchema,
  apiErrorSchema,
  idempotencyHeadersSchema,
  idParamSchema,
  membersQuerySchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { actorOf } from '../audit/service';
import { csvFilename, csvStream, sendCsv, type CsvColumn } from '../shared/csv';
import { pageResult, pageWindow } from '../shared/pagination';
import { allMembers, countMembers, selectMembers, toAdminMember, type MemberRow } from './queries';
import { createMemberAdminService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

const CSV_COLUMNS: CsvColumn<MemberRow>[] = [
  { header: 'id', value: (m) => m.id, raw: true },
  { header: 'username', value: (m) => m.username },
  { header: 'full_name', value: (m) => m.full_name },
  { header: 'email', value: (m) => m.email },
  { header: 'status', value: (m) => m.status },
  { header: 'sponsor', value: (m) => m.sponsor_username },
  { header: 'joined_at', value: (m) => new Date(m.joined_at).toISOString() },
  { header: 'deposit_usdt', value: (m) => toAdminMember(m).balances.deposit, raw: true },
  { header: 'income_usdt', value: (m) => toAdminMember(m).balances.income, raw: true },
  { header: 'points', value: (m) => toAdminMember(m).balances.points, raw: true },
  { header: 'direct_referrals', value: (m) => m.direct_count, raw: true },
  { header: 'placed', value: (m) => (m.placed ? 'yes' : 'no') },
  { header: 'team_left', value: (m) => m.team_left, raw: true },
  { header: 'team_right', value: (m) => m.team_right, raw: true },
];

/** `/api/admin/members` */
export function memberAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const members = createMemberAdminService(ctx);
  return async (app) => {
    app.get('/members', {
      schema: {
        tags: ['admin'],
        summary: 'Network members with sponsor, balances and status (search, filters; `format=csv`)',
        querystring: membersQuerySchema,
        response: { 200: adminMemberPageSchema, ...errors },
      },
    }, async (request, reply) => {
      const query = request.query;
      if (query.format === 'csv') {
        return sendCsv(reply, csvFilename('members', ctx.now()), csvStream(CSV_COLUMNS, allMembers(ctx.db, query)));
      }
      const [total, rows] = await Promise.all([countMembers(ctx.db, query), selectMembers(ctx.db, query, pageWindow(query))]);
      return pageResult(rows.map(toAdminMember), total, query);
    });

    app.get('/members/:id', {
      schema: { tags: ['admin'], summary: 'One member with wallets', params: idParamSchema, response: { 200: adminMemberDetailSchema, ...errors } },
    }, async (request) => members.detail(request.params.id));

    app.post('/members/:id/adjustments', {
      schema: {
        tags: ['admin'],
        summary: "Credit or debit a member's wallet with a reason (audited; accepts Idempotency-Key)",
        params: idParamSchema,
        headers: idempotencyHeadersSchema,
        body: adjustmentBodySchema,
        response: { 201: adjustmentSchema, ...errors },
      },
    }, async (request, reply) => {
      const answer = await members.adjust(actorOf(request), request.params.id, request.body, request.headers['idempotency-key']);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(answer.status).send(answer.body);
    });
  };
}
