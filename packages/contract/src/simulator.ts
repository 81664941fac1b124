import { z } from 'zod';
import { pageOf } from './common';
import { dayFilterSchema } from './lists';
import { PERCENT_DECIMALS, decimalSettingSchema, moneySchema } from './money';
import { capSchema } from './plan';
import { rankBonusSchema } from './ranks';

/**
 * The plan simulator (docs/plan.md, "The plan simulator"; ADR 0044): an
 * admin's proposed settings replayed over a period of the recorded purchases
 * and closes, beside what was actually paid. Money as USDT decimal strings.
 */

export const SIMULATION_MIN_DAYS = 7;
export const SIMULATION_MAX_DAYS = 365;
/** The most referral levels a proposal may pay (the plan in force pays 3). */
export const SIMULATION_MAX_LEVELS = 10;

/** The kinds of bonus a run compares, day by day and per member. */
export const simulatedBonusKinds = ['referral', 'matching', 'rank_bonus'] as const;
export type SimulatedBonusKind = (typeof simulatedBonusKinds)[number];

const percentSchema = (label: string) =>
  decimalSettingSchema(label, { maxDecimals: PERCENT_DECIMALS, max: '100', allowZero: true });

/**
 * The settings a run replays the period under: the referral rate of each
 * level (level 1 first; as many levels as rates), the matching rate, and each
 * package's daily cap (a package left out keeps the cap it had; one listed
 * with the cap in force does too: only a change is replayed), and each
 * rank's one-time bonus (USDT; likewise: a rank left out, or listed with the
 * bonus in force, replays the bonus each achievement was recorded with).
 * Runs stored before ranks were simulated read with no rank bonuses.
 */
export const proposedSettingsSchema = z.object({
  referralPercents: z
    .array(percentSchema('Referral rate'))
    .min(1, 'Give at least one referral level (0 pays nothing)')
    .max(SIMULATION_MAX_LEVELS, `At most ${SIMULATION_MAX_LEVELS} referral levels`),
  matchingPercent: percentSchema('Matching rate'),
  packageCaps: z
    .array(z.object({ packageId: z.number().int().min(1), dailyCap: capSchema }))
    .max(100, 'At most 100 packages')
    .refine((caps) => new Set(caps.map((c) => c.packageId)).size === caps.length, 'List each package at most once'),
  rankBonuses: z
    .array(z.object({ rankId: z.number().int().min(1), bonus: rankBonusSchema }))
    .max(100, 'At most 100 ranks')
    .refine((ranks) => new Set(ranks.map((r) => r.rankId)).size === ranks.length, 'List each rank at most once')
    .default([]),
});
export type ProposedSettings = z.infer<typeof proposedSettingsSchema>;

/** What the admin page starts from: the settings in force as a proposal, the catalogue's packages and the ranks (in order) by name. */
export const simulationDefaultsSchema = z.object({
  settings: proposedSettingsSchema,
  packages: z.array(z.object({ id: z.number().int(), name: z.string() })),
  ranks: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SimulationDefaults = z.infer<typeof simulationDefaultsSchema>;

/** A run: the period `from` … `from` + `days` − 1 (UTC days, ending today at the latest) and the proposed settings. */
export const startSimulationSchema = z.object({
  from: dayFilterSchema,
  days: z
    .number({ error: `Days must be a whole number from ${SIMULATION_MIN_DAYS} to ${SIMULATION_MAX_DAYS}` })
    .int(`Days must be a whole number from ${SIMULATION_MIN_DAYS} to ${SIMULATION_MAX_DAYS}`)
    .min(SIMULATION_MIN_DAYS, `A period is at least ${SIMULATION_MIN_DAYS} days`)
    .max(SIMULATION_MAX_DAYS, `A period is at most ${SIMULATION_MAX_DAYS} days`),
  settings: proposedSettingsSchema,
});
export type StartSimulationInput = z.input<typeof startSimulationSchema>;

export const simulationStatuses = ['running', 'done', 'failed', 'cancelled'] as const;

/** Actual and simulated figures of one kind, and their difference (simulated − actual). */
const sideBySideSchema = z.object({ actual: moneySchema, simulated: moneySchema, change: moneySchema });

export const simulationDaySchema = z.object({
  day: z.string(),
  sales: moneySchema,
  referral: sideBySideSchema,
  matching: sideBySideSchema,
  rankBonus: sideBySideSchema,
});

export const simulationMemberChangeSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  actual: moneySchema,
  simulated: moneySchema,
  change: moneySchema,
});

/** A run as listed: its period, settings and progress. */
export const simulationSchema = z.object({
  id: z.number().int(),
  status: z.enum(simulationStatuses),
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  daysDone: z.number().int(),
  proposed: proposedSettingsSchema,
  /** The settings in force when the run started, in the same shape. */
  inForce: proposedSettingsSchema,
  startedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
});
export type Simulation = z.infer<typeof simulationSchema>;
export const simulationPageSchema = pageOf(simulationSchema);
export type SimulationPage = z.infer<typeof simulationPageSchema>;

/**
 * A run with its result so far: totals by kind, payout ratio (bonuses /
 * sales, %, both ways), flushed above the caps, each day replayed; members
 * paid and the 20 largest changes per member once it is done.
 */
export const simulationResultSchema = simulationSchema.extend({
  sales: moneySchema,
  referral: sideBySideSchema,
  matching: sideBySideSchema,
  rankBonus: sideBySideSchema,
  total: sideBySideSchema,
  payoutRatio: z.object({ actual: z.string().nullable(), simulated: z.string().nullable() }),
  flushed: sideBySideSchema,
  membersPaid: z.object({ actual: z.number().int(), simulated: z.number().int() }).nullable(),
  largestChanges: z.array(simulationMemberChangeSchema).nullable(),
  byDay: z.array(simulationDaySchema),
});
export type SimulationResult = z.infer<typeof simulationResultSchema>;
