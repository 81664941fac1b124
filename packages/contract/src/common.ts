import { z } from 'zod';
import { wholeNumberSchema } from './ids';

/** Every error the API answers has this shape; `field` names the bad input on a 400. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});

export const roleSchema = z.enum(['admin', 'member']);
export type Role = z.infer<typeof roleSchema>;

export const sideSchema = z.enum(['left', 'right']);
export type Side = z.infer<typeof sideSchema>;

/** List answers: `{ items, total, page, pageSize }` (API.md conventions). */
export const pageQuerySchema = z.object({
  page: wholeNumberSchema('page', 1, 1_000_000).default(1),
  pageSize: wholeNumberSchema('pageSize', 1, 100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a list, as every list endpoint answers it (`pageOf(item)` is its schema). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
