import { z } from 'zod';
import { text } from './text';

/**
 * THE id of the contract, wherever a client writes one as text (a path
 * parameter, a query parameter): a canonical positive decimal integer, the
 * way the API itself writes ids. Every table's id is a `bigint` identity
 * (apps/api/migrations) that the API carries as a JavaScript number, so the
 * largest id is `Number.MAX_SAFE_INTEGER` (inside bigint's range).
 *
 * Nothing else is read as an id: JavaScript's `Number()` would take `0x10`
 * as 16 and `+87`, `87.0`, `87e0`, `087` or ` 87` as 87, so one record had
 * many addresses and a hex string could approve another withdrawal than the
 * one a log shows. `0`, `-1`, `1e3` and ids past the range are refused too,
 * each with a 400 naming the parameter.
 */
const ID_PATTERN = /^[1-9][0-9]*$/;
const MAX_ID = Number.MAX_SAFE_INTEGER;
const MAX_ID_TEXT = String(MAX_ID);

export function idSchema(name = 'id') {
  // The error handler puts the parameter's name before each message ("id: must be …").
  return text({ error: 'must be an id, a positive whole number' }, { label: name })
    .regex(
      ID_PATTERN,
      'must be an id: a positive whole number in decimal digits (no sign, leading zeros, point or exponent)',
    )
    .refine(
      (value) => value.length < MAX_ID_TEXT.length || (value.length === MAX_ID_TEXT.length && value <= MAX_ID_TEXT),
      `must be an id no larger than ${MAX_ID_TEXT}`,
    )
    .transform(Number)
    .meta({
      description: 'An id: a positive whole number in decimal digits',
      pattern: ID_PATTERN.source,
      example: '42',
    });
}

/** `/…/:id`, for every route with an id in its path. */
export const idParamSchema = z.object({ id: idSchema('id') });

/**
 * Any other whole number a client writes in a query (a page, a page size, a
 * tree depth, a quantity): decimal digits by the same rule as ids, so
 * `page=0x10` is not page 16; then within `[min, max]`, `message` naming the bounds.
 */
export function wholeNumberSchema(
  name: string,
  min: number,
  max: number,
  message = `${name} must be a whole number from ${min} to ${max}`,
) {
  return text({ error: message }, { label: name })
    .regex(/^(0|[1-9][0-9]{0,15})$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message)
    .meta({ description: `A whole number from ${min} to ${max}, in decimal digits`, pattern: '^(0|[1-9][0-9]*)$' });
}
