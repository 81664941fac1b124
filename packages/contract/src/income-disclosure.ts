import { z } from 'zod';
import { dayFilterSchema, listFormatSchema } from './lists';
import { moneySchema } from './money';
import { text } from './text';

/** The period of an income disclosure: UTC days, both inclusive (a year is `2026-01-01` to `2026-12-31`). */
export const incomeDisclosureQuerySchema = z
  .object({ from: dayFilterSchema, to: dayFilterSchema, format: listFormatSchema })
  .refine((query) => query.from <= query.to, { message: 'from must be on or before to', path: ['to'] });
export type IncomeDisclosureQuery = z.infer<typeof incomeDisclosureQuerySchema>;

/** The period of the disclosure's PDF (the same days, no format). */
export const incomeDisclosurePdfQuerySchema = z
  .object({ from: dayFilterSchema, to: dayFilterSchema })
  .refine((query) => query.from <= query.to, { message: 'from must be on or before to', path: ['to'] });

/** The percentiles a disclosure states (nearest rank: each is an income some member really had). */
export const DISCLOSURE_PERCENTILES = [10, 25, 50, 75, 90, 99] as const;

/**
 * What members earned in a period, counting every member who was in the network (joined before its end),
 * those who earned nothing too; the company's root position is not a member. Income is gross bonus income
 * (referral, matching, rank) as the members' Total Income pages count it; spending is package purchases and
 * repurchases in the period.
 */
export const incomeDisclosureSchema = z.object({
  from: z.string(),
  to: z.string(),
  members: z.number().int(),
  /** Members with any bonus income in the period. */
  earners: z.number().int(),
  /** Members whose income in the period was more than they spent on packages in it. */
  earnedMoreThanSpent: z.number().int(),
  income: z.object({
    total: moneySchema,
    /** The total over every member counted, to the base unit (rounded half up). */
    mean: moneySchema,
    /** The middle member's income, or the mean of the two middle ones (rounded half up). */
    median: moneySchema,
    percentiles: z.array(z.object({ percentile: z.number().int(), income: moneySchema })),
  }),
  spent: z.object({ total: moneySchema, mean: moneySchema }),
  /** The median member's days in the network at the period's end (or now, if sooner). */
  typicalDaysInNetwork: z.number().int(),
});
export type IncomeDisclosure = z.infer<typeof incomeDisclosureSchema>;

/** The published disclosure's year: a calendar year, the current one counted to date. */
export const publishedIncomeDisclosureQuerySchema = z.object({
  year: text({ error: 'year must be a year such as 2026' }, { label: 'year' }).regex(
    /^[12]\d{3}$/,
    'year must be a year such as 2026',
  ),
});

/**
 * The income disclosure as anyone may read it when the operator publishes it (the `incomeDisclosurePublic`
 * setting): a calendar year's figures, worked out at `asOf` and kept a few minutes; or that it is not published.
 */
export const publishedIncomeDisclosureSchema = z.discriminatedUnion('published', [
  z.object({ published: z.literal(false) }),
  incomeDisclosureSchema.extend({ published: z.literal(true), year: z.number().int(), asOf: z.iso.datetime() }),
]);
export type PublishedIncomeDisclosure = z.infer<typeof publishedIncomeDisclosureSchema>;
