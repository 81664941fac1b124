import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { sendCsv } from '../shared/csv';
import { incomeDisclosureCsv, incomeDisclosureFilename } from './income-disclosure-csv';
import { incomeDisclosurePdfName, renderIncomeDisclosure } from './income-disclosure-pdf';
import { readIncomeDisclosure } from './read-income-disclosure';
import { readPublishedIncomeDisclosure } from './read-published-income-disclosure';
import { principalOf } from '../platform/http/guard';
import { sendList } from '../shared/list-reply';
import { incomeSummary } from './income';
import { bonusList, bonusPage } from './list';
import { planStatus } from './status';

/** `/api/income-disclosure`: the published income disclosure, for anyone when the operator publishes it. */
export function bonusGuestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.incomeDisclosure.published, {}, async (request) =>
      readPublishedIncomeDisclosure(ctx, Number(request.query.year)),
    );
  };
}

/** `/api/bonuses`, `/api/income/summary`, `/api/plan/status`: a member's own figures. */
export function bonusRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.bonuses.list, {}, async (request, reply) =>
      sendList(reply, await bonusPage(ctx.db, request.query, principalOf(request).userId)),
    );

    route(app, endpoints.bonuses.incomeSummary, {}, async (request) =>
      incomeSummary(ctx.db, request.query, principalOf(request).userId),
    );

    route(app, endpoints.bonuses.planStatus, {}, async (request) => planStatus(ctx.db, principalOf(request).userId));
  };
}

/** `/api/admin/bonuses`: everyone's bonuses, filter by member and dates, CSV. */
export function bonusAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.bonuses.adminList, {}, async (request, reply) =>
      sendList(reply, await bonusList(ctx.db, request.query, ctx.now())),
    );
    route(app, endpoints.incomeDisclosure.read, {}, async (request, reply) => {
      const disclosure = await readIncomeDisclosure(ctx.db, request.query, ctx.now());
      if (request.query.format !== 'csv') return disclosure;
      return sendCsv(reply, incomeDisclosureFilename(disclosure), incomeDisclosureCsv(disclosure));
    });
    route(
      app,
      endpoints.incomeDisclosure.pdf,
      { config: { binaryResponse: ['application/pdf'] } },
      async (request, reply) => {
        const disclosure = await readIncomeDisclosure(ctx.db, { ...request.query, format: 'json' }, ctx.now());
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${incomeDisclosurePdfName(disclosure)}"`)
          .header('cache-control', 'private, no-store')
          .send(await renderIncomeDisclosure(disclosure));
      },
    );
  };
}
