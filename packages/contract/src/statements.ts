import { z } from 'zod';
import { text } from './text';
import { idSchema } from './ids';

/** A calendar month, UTC: `2026-10` (months 01–12). */
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month of a statement in a path: `YYYY-MM`, refused with a 400 naming it otherwise. */
export const statementMonthSchema = text({ error: 'month must be a month as YYYY-MM' }, { label: 'month' })
  .regex(MONTH_PATTERN, 'month must be a month as YYYY-MM (01–12)')
  .meta({ description: 'A UTC calendar month', pattern: MONTH_PATTERN.source, example: '2026-10' });

/** `/statements/:month`: the member's own. */
export const statementParamsSchema = z.object({ month: statementMonthSchema });

/** `/admin/members/:id/statements/:month`: an admin reads a member's. */
export const adminStatementParamsSchema = z.object({ id: idSchema('id'), month: statementMonthSchema });

/** `statement-alice-2026-10.pdf`: the file name both sides give a statement. */
export const statementFilename = (username: string, month: string) => `statement-${username}-${month}.pdf`;
