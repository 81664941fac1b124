import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, auditPageSchema, auditQuerySchema, type AuditEntry } from '@portal/contract';
import type { AppContext } from '../context';
import { csvFilename, csvStream, inBatches, sendCsv, type CsvColumn } from '../shared/csv';
import { pageResult, pageWindow } from '../shared/pagination';
import { countAudit, listAudit } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const CSV_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: 'id', value: (e) => e.id, raw: true },
  { header: 'created_at', value: (e) => e.createdAt },
  { header: 'actor', value: (e) => e.actor?.username },
  { header: 'action', value: (e) => e.action },
  { header: 'target_type', value: (e) => e.targetType },
  { header: 'target_id', value: (e) => e.targetId },
  { header: 'details', value: (e) => JSON.stringify(e.details) },
  { header: 'ip', value: (e) => e.ip },
];

/** `/api/admin/audit-log` */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/audit-log', {
      schema: {
        tags: ['admin'],
        summary: 'Every admin action (filters: action, actor, target, dates; `format=csv` for the whole list)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    }, async (request, reply) => {
      const query = request.query;
      if (query.format === 'csv') {
        const rows = inBatches((offset, limit) => listAudit(ctx.db, query, { offset, limit }));
        return sendCsv(reply, csvFilename('audit-log', ctx.now()), csvStream(CSV_COLUMNS, rows));
      }
      const [total, items] = await Promise.all([countAudit(ctx.db, query), listAudit(ctx.db, query, pageWindow(query))]);
      return pageResult(items, total, query);
    });
  };
}
