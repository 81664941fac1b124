import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBonusListQuerySchema,
  apiErrorSchema,
  bonusListQuerySchema,
  bonusPageSchema,
  fromBaseUnits,
  incomeSummaryQuerySchema,
  incomeSummarySchema,
  planStatusSchema,
  type MatchingBonus,
  type ReferralBonus,
} from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { pageResult, pageWindow } from '../shared/pagination';
import { csvFilename, csvStream, sendCsv, type CsvColumn } from '../shared/csv';
import { allMatchingBonuses, allReferralBonuses, countBonuses, incomeByPeriod, listMatchingBonuses, listReferralBonuses, type BonusQuery } from './service';
import { planStatus } from './status';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

async function bonusPage(ctx: AppContext, query: BonusQuery & { page: number; pageSize: number }, memberId?: number) {
  const window = pageWindow(query);
  const { total, paid } = await countBonuses(ctx.db, query, memberId);
  const items =
    query.type === 'referral' ? await listReferralBonuses(ctx.db, query, window, memberId) : await listMatchingBonuses(ctx.db, query, window, memberId);
  return { type: query.type, ...pageResult<ReferralBonus | MatchingBonus>(items, total, query), totalPaid: fromBaseUnits(paid) };
}

/** `/api/bonuses`, `/api/income/summary`, `/api/plan/status`: a member's own figures. */
export function bonusRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/bonuses', {
      schema: {
        tags: ['bonuses'],
        summary: 'Your referral (`type=referral`) or matching (`type=matching`) bonuses, with how each came about',
        querystring: bonusListQuerySchema,
        response: { 200: bonusPageSchema, ...errors },
      },
    }, async (request) => bonusPage(ctx, request.query, principalOf(request).userId));

    app.get('/income/summary', {
      schema: {
        tags: ['bonuses'],
        summary: 'Your bonus income by type, per day or month',
        querystring: incomeSummaryQuerySchema,
        response: { 200: incomeSummarySchema, ...errors },
      },
    }, async (request) => {
      const { series, totals } = await incomeByPeriod(ctx.db, request.query.period, request.query.from, request.query.to, principalOf(request).userId);
      return {
        totals: { referral: fromBaseUnits(totals.referral), matching: fromBaseUnits(totals.matching), total: fromBaseUnits(totals.total) },
        series: series.map((s) => ({ period: s.period, referral: fromBaseUnits(s.referral), matching: fromBaseUnits(s.matching), total: fromBaseUnits(s.total) })),
      };
    });

    app.get('/plan/status', {
      schema: { tags: ['bonuses'], summary: 'Your package, active flag and leg volumes', response: { 200: planStatusSchema, ...errors } },
    }, async (request) => planStatus(ctx.db, principalOf(request).userId));
  };
}

const REFERRAL_CSV: CsvColumn<ReferralBonus>[] = [
  { header: 'Date', value: (r) => r.createdAt },
  { header: 'Member', value: (r) => r.member },
  { header: 'Buyer', value: (r) => r.buyer },
  { header: 'Purchase', value: (r) => r.purchaseId, raw: true },
  { header: 'Kind', value: (r) => r.purchaseKind },
  { header: 'Package', value: (r) => r.packageName },
  { header: 'Level', value: (r) => r.level, raw: true },
  { header: 'Rate %', value: (r) => r.rate, raw: true },
  { header: 'Price', value: (r) => r.base, raw: true },
  { header: 'Amount', value: (r) => r.amount, raw: true },
];
const MATCHING_CSV: CsvColumn<MatchingBonus>[] = [
  { header: 'Close date', value: (r) => r.closeDate },
  { header: 'Member', value: (r) => r.member },
  { header: 'Left', value: (r) => r.leftVolume, raw: true },
  { header: 'Right', value: (r) => r.rightVolume, raw: true },
  { header: 'Matched', value: (r) => r.matched, raw: true },
  { header: 'Rate %', value: (r) => r.rate, raw: true },
  { header: 'Earned', value: (r) => r.earned, raw: true },
  { header: 'Daily cap', value: (r) => r.dailyCap, raw: true },
  { header: 'Paid', value: (r) => r.paid, raw: true },
  { header: 'Flushed', value: (r) => r.flushed, raw: true },
  { header: 'Carry left', value: (r) => r.carryLeft, raw: true },
  { header: 'Carry right', value: (r) => r.carryRight, raw: true },
];

/** `/api/admin/bonuses`: everyone's bonuses, filter by member and dates, CSV. */
export function bonusAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/bonuses', {
      schema: {
        tags: ['admin'],
        summary: 'Every referral or matching bonus; `member` (username), dates; `format=csv` for the whole list',
        querystring: adminBonusListQuerySchema,
        response: { 200: bonusPageSchema, ...errors },
      },
    }, async (request, reply) => {
      const query = request.query;
      if (query.format === 'csv') {
        const name = query.type === 'referral' ? 'referral-bonuses' : 'matching-bonuses';
        const rows =
          query.type === 'referral'
            ? csvStream(REFERRAL_CSV, allReferralBonuses(ctx.db, query))
            : csvStream(MATCHING_CSV, allMatchingBonuses(ctx.db, query));
        return sendCsv(reply, csvFilename(name, ctx.now()), rows);
      }
      return bonusPage(ctx, query);
    });
  };
}
