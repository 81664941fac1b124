import { z } from 'zod';
import { text } from './text';
import { pageOf } from './common';
import { dayFilterSchema, listFormatSchema, listQuery, searchSchema, sortSchema } from './lists';
import { moneySchema } from './money';
import { BV_PATTERN, bvSchema } from './plan';
import { idSchema } from './ids';

/**
 * Ranks and their one-time advancement bonuses (docs/plan.md "Ranks",
 * docs/decisions/0043-ranks.md). A rank's requirements are all optional;
 * each one set must be met. BV is a decimal string, the bonus USDT.
 */

export const rankKinds = ['lifetime', 'period'] as const;
export const rankKindSchema = z.enum(rankKinds, { error: () => 'kind must be lifetime or period' });
export type RankKind = z.infer<typeof rankKindSchema>;
export const RANK_KIND_LABELS: Record<RankKind, string> = {
  lifetime: 'Lifetime (kept once reached)',
  period: 'Period (held while met this month)',
};

const positiveCount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} must be at most 1,000,000`);
const rankIdSchema = (label: string) =>
  z
    .number({ error: `${label} must be an id (a number)` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be an id`);

export const rankNameSchema = text({ error: 'Name is required' }, { label: 'Name' })
  .trim()
  .min(1, 'Name is required')
  .max(40, 'Name must be at most 40 characters');
export const rankColourSchema = text({ error: 'Colour is required' }, { label: 'Colour' })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'Colour must be a hex colour such as #1e88e5')
  .meta({ description: 'A hex colour, #rrggbb', example: '#1e88e5' });

/** What a rank asks; null or left out: not asked. */
export const rankRequirementsSchema = z.object({
  /** The member's own package at least as dear as this one. */
  minPackageId: rankIdSchema('minPackageId').nullable().default(null),
  /** Personally sponsored members who are active. */
  minSponsored: positiveCount('minSponsored').nullable().default(null),
  /** BV of the weaker leg: lifetime for a lifetime rank, matched this UTC month for a period rank. */
  minWeakerLegBv: bvSchema.nullable().default(null),
  /** At least `count` personally sponsored members holding `rankId` (an earlier rank) or a later one. */
  minRanked: z
    .object({ rankId: rankIdSchema('minRanked.rankId'), count: positiveCount('minRanked.count') })
    .nullable()
    .default(null),
});
export type RankRequirements = z.infer<typeof rankRequirementsSchema>;
/** The same as the API answers it (BV as canonical text). */
const rankRequirementsAnswerSchema = rankRequirementsSchema.extend({ minWeakerLegBv: z.string().nullable() });

export const rankSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  colour: z.string(),
  kind: rankKindSchema,
  requirements: rankRequirementsAnswerSchema,
  /** One-time advancement bonus (USDT), credited to the income wallet. */
  bonus: moneySchema,
  active: z.boolean(),
  /** How many members hold it now, and how many ever reached it. */
  holders: z.number().int(),
  reached: z.number().int(),
});
export type Rank = z.infer<typeof rankSchema>;
export const rankListSchema = z.object({ items: z.array(rankSchema) });

/** Zero: the rank pays no bonus (also a rank's proposed bonus in the plan simulator). */
export const rankBonusSchema = text({ error: 'Bonus must be a decimal string such as "50"' }, { label: 'Bonus' }).regex(
  BV_PATTERN,
  'Bonus must be a plain decimal number (USDT, at most 18 decimals), 0 for none',
);

export const rankCreateSchema = z.object({
  name: rankNameSchema,
  colour: rankColourSchema,
  kind: rankKindSchema.default('lifetime'),
  requirements: rankRequirementsSchema,
  bonus: rankBonusSchema,
  active: z.boolean().default(true),
});
export type RankCreate = z.infer<typeof rankCreateSchema>;
export const rankPatchSchema = rankCreateSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change');
export type RankPatch = z.infer<typeof rankPatchSchema>;
/** Every rank id, lowest first: the new order. */
export const rankOrderSchema = z.object({ ids: z.array(rankIdSchema('ids[]')).min(1, 'Send every rank id') });
export type RankOrder = z.infer<typeof rankOrderSchema>;

export const rankEvaluationSchema = z.object({
  /** Achievements found, members whose rank changed, bonuses credited now (USDT) or left for a close's pay. */
  reached: z.number().int(),
  changed: z.number().int(),
  credited: moneySchema,
  awaitingPay: moneySchema,
});
export type RankEvaluation = z.infer<typeof rankEvaluationSchema>;

/** A member's rank as lists and the tree show it. */
export const rankBadgeSchema = z.object({ id: z.number().int(), name: z.string(), colour: z.string() }).nullable();
export type RankBadge = z.infer<typeof rankBadgeSchema>;

export const rankRequirementProgressSchema = z.object({
  key: z.enum(['package', 'sponsored', 'weakerLegBv', 'ranked']),
  label: z.string(),
  /**
   * As text: a count, BV, or for `package` a package's name (`needed`: the
   * member's own must be at least as dear; `has`: the member's, '' without
   * one). `missing` is null when met.
   */
  needed: z.string(),
  has: z.string(),
  missing: z.string().nullable(),
  met: z.boolean(),
});
export type RankRequirementProgress = z.infer<typeof rankRequirementProgressSchema>;

export const rankProgressSchema = z.object({
  current: rankBadgeSchema,
  since: z.string().nullable(),
  /** The next active rank above the current one (null: none left), with each requirement. */
  next: z
    .object({
      id: z.number().int(),
      name: z.string(),
      colour: z.string(),
      kind: rankKindSchema,
      bonus: moneySchema,
      requirements: z.array(rankRequirementProgressSchema),
    })
    .nullable(),
  /** Every active rank in order, and the ranks this member reached (with the bonus). */
  ladder: z.array(
    z.object({
      id: z.number().int(),
      position: z.number().int(),
      name: z.string(),
      colour: z.string(),
      kind: rankKindSchema,
      bonus: moneySchema,
      reachedOn: z.string().nullable(),
    }),
  ),
});
export type RankProgress = z.infer<typeof rankProgressSchema>;

export const rankAchievementSchema = z.object({
  memberId: z.number().int(),
  member: z.string(),
  rankId: z.number().int(),
  rank: z.string(),
  colour: z.string(),
  reachedOn: z.string(),
  closeDate: z.string().nullable(),
  bonus: moneySchema,
  /** `paid` once credited; `awaiting_pay` while a reviewed close's pay has not run; `none` without a bonus. */
  state: z.enum(['paid', 'awaiting_pay', 'none']),
});
export type RankAchievement = z.infer<typeof rankAchievementSchema>;
export const rankAchievementQuerySchema = listQuery({
  rank: idSchema('rank').optional(),
  member: searchSchema,
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
  format: listFormatSchema,
  sort: sortSchema(['reachedOn', 'member'], '-reachedOn'),
});
export type RankAchievementQuery = z.infer<typeof rankAchievementQuerySchema>;
export const rankAchievementPageSchema = pageOf(rankAchievementSchema);
