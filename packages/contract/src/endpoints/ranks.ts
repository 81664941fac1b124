import { endpoint } from '../endpoint';
import { idParamSchema } from '../ids';
import {
  rankAchievementPageSchema,
  rankAchievementQuerySchema,
  rankCreateSchema,
  rankEvaluationSchema,
  rankListSchema,
  rankOrderSchema,
  rankPatchSchema,
  rankProgressSchema,
  rankSchema,
} from '../ranks';

const WRITE_ERRORS = ['RANK_NAME_TAKEN', 'RANK_NOT_FOUND', 'RANK_REQUIREMENT_INVALID'] as const;

/** `/api/ranks/progress`, `/api/admin/ranks` (docs/plan.md "Ranks") */
export const ranks = {
  progress: endpoint({
    method: 'GET',
    path: '/ranks/progress',
    status: 200,
    answer: rankProgressSchema,
    errors: [],
    tags: ['ranks'],
    summary: "The member's rank, the ranks in order, and each requirement of the next one: needed, has, missing",
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/ranks',
    status: 200,
    answer: rankListSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Every rank in order, active or not, with how many members hold and reached it',
  }),
  adminCreate: endpoint({
    method: 'POST',
    path: '/admin/ranks',
    body: rankCreateSchema,
    status: 201,
    answer: rankSchema,
    errors: [...WRITE_ERRORS],
    tags: ['admin'],
    summary: 'Add a rank at the top of the order (audited; applies to later evaluations)',
  }),
  adminUpdate: endpoint({
    method: 'PATCH',
    path: '/admin/ranks/:id',
    params: idParamSchema,
    body: rankPatchSchema,
    status: 200,
    answer: rankSchema,
    errors: [...WRITE_ERRORS],
    tags: ['admin'],
    summary: 'Change or deactivate a rank (audited; applies to later evaluations, reached ranks stay)',
  }),
  adminOrder: endpoint({
    method: 'PUT',
    path: '/admin/ranks/order',
    body: rankOrderSchema,
    status: 200,
    answer: rankListSchema,
    errors: ['RANK_ORDER_INVALID', 'RANK_REQUIREMENT_INVALID'],
    tags: ['admin'],
    summary: 'Put the ranks in a new order, lowest first (audited)',
  }),
  adminEvaluate: endpoint({
    method: 'POST',
    path: '/admin/ranks/evaluate',
    status: 200,
    answer: rankEvaluationSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Evaluate ranks now, under the close lock (audited; idempotent: a second run finds nothing new)',
  }),
  adminAchievements: endpoint({
    method: 'GET',
    path: '/admin/ranks/achievements',
    query: rankAchievementQuerySchema,
    status: 200,
    answer: rankAchievementPageSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Who reached which rank when, with the bonus; filters by rank, member, dates; `format=csv`',
  }),
};
