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

/**
 * One or several values of a list, comma-separated (`status=pending,approved`):
 * the list shows rows with any of them. Each must be one of `values`;
 * anything else is a 400 naming the field.
 */
export function oneOrMoreSchema<const V extends string>(field: string, values: readonly [V, ...V[]]) {
  const one = z.enum(values, {
    error: () => `${field} must be one or more of: ${values.join(', ')} (comma-separated)`,
  });
  return text(undefined, { label: field })
    .meta({ example: values.slice(0, 2).join(',') })
    .transform((value) => [...new Set(value.split(',').map((part) => part.trim()))])
    .pipe(z.array(one).min(1));
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
