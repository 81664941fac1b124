import { z } from 'zod';
import { text } from './text';
import { pageQuerySchema } from './common';

/**
 * `sort` takes one whitelisted field, `field` ascending or `-field`
 * descending (API.md). Anything else is a 400 naming `sort`.
 */
export function sortSchema<const F extends string>(fields: readonly F[], fallback: F | `-${F}`) {
  const allowed = fields.flatMap((field) => [field, `-${field}`]) as [F | `-${F}`, ...Array<F | `-${F}`>];
  return z.enum(allowed, { error: () => `sort must be one of: ${allowed.join(', ')}` }).default(fallback as never);
}

/** A calendar day, `YYYY-MM-DD`, read in UTC; `to` days are inclusive. */
export const dayFilterSchema = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

/** Admin lists answer `?format=csv` with the whole filtered list. */
export const listFormatSchema = z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json');

/** A free-text search box: trimmed, at most 100 characters, empty means none. */
export const searchSchema = text(undefined, { label: 'search' })
  .trim()
  .max(100, 'search must be at most 100 characters')
  .optional()
  .transform((value) => (value ? value : undefined));

/** page + pageSize + the given fields, as query parameters. */
export const listQuery = <T extends z.ZodRawShape>(shape: T) => pageQuerySchema.extend(shape);
