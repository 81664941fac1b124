import { z } from 'zod';
import { pageOf } from './common';
import { listFormatSchema, listQuery, searchSchema, sortSchema } from './lists';
import { text } from './text';

/**
 * Address screening (docs/decisions/0036-address-screening.md): addresses no
 * withdrawal may go to and whose deposits are held for an admin, added by
 * admins or read from the file SCREENING_LIST_FILE names.
 */

export const SCREENING_REASON_MAX = 200;

/** A listed address as typed: 0x and 40 hexadecimal characters, any case (lists are often lower case). */
export const screenedAddressSchema = text(
  { error: (issue) => (issue.input === undefined ? 'Address is required' : 'Address must be text') },
  { label: 'Address' },
)
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Address must be 0x followed by 40 hexadecimal characters')
  .meta({ description: 'A BEP20 address', example: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' })
  .transform((address) => address.toLowerCase());

export const screeningReasonSchema = text(
  { error: (issue) => (issue.input === undefined ? 'Reason is required' : 'Reason must be text') },
  { label: 'Reason' },
)
  .trim()
  .min(3, 'Reason must be at least 3 characters')
  .max(SCREENING_REASON_MAX, `Reason must be at most ${SCREENING_REASON_MAX} characters`);

export const screeningSources = ['admin', 'file'] as const;
export const SCREENING_SOURCE_LABELS: Record<(typeof screeningSources)[number], string> = {
  admin: 'Added by an admin',
  file: 'List file (SCREENING_LIST_FILE)',
};

export const screeningEntrySchema = z.object({
  id: z.number().int(),
  /** Lower case. */
  address: z.string(),
  reason: z.string(),
  source: z.enum(screeningSources),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  removedBy: z.string().nullable(),
  removedAt: z.iso.datetime().nullable(),
  removalReason: z.string().nullable(),
});
export type ScreeningEntry = z.infer<typeof screeningEntrySchema>;
export const screeningPageSchema = pageOf(screeningEntrySchema);

export const screeningListQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'address'], '-createdAt'),
  /** Part of the address or the reason. */
  search: searchSchema,
  source: z.enum(screeningSources, { error: 'source must be admin or file' }).optional(),
  /** `listed` (default): in force; `removed`: the admins' removals; `all`. */
  state: z.enum(['listed', 'removed', 'all'], { error: 'state must be listed, removed or all' }).default('listed'),
  format: listFormatSchema,
});
export type ScreeningListQuery = z.infer<typeof screeningListQuerySchema>;

export const screeningAddBodySchema = z.object({ address: screenedAddressSchema, reason: screeningReasonSchema });
export const screeningReasonBodySchema = z.object({ reason: screeningReasonSchema });

export const SCREENING_IMPORT_MAX_LINES = 5000;
/** A CSV of `address,reason` lines (a first line `address,reason` is a header); the reason may be left out for `defaultReason`. */
export const screeningImportBodySchema = z.object({
  csv: text({ error: 'csv must be text' }, { label: 'The file', multiline: true })
    .min(1, 'The file is empty')
    .max(500_000, 'The file must be at most 500 kB')
    .refine(
      (csv) => csv.split(/\r?\n/).length <= SCREENING_IMPORT_MAX_LINES,
      `Import at most ${SCREENING_IMPORT_MAX_LINES} lines at once`,
    ),
  defaultReason: screeningReasonSchema.optional(),
});

export const screeningImportLineSchema = z.object({
  line: z.number().int(),
  address: z.string().nullable(),
  result: z.enum(['added', 'already_listed', 'invalid']),
  message: z.string(),
});
export const screeningImportResultSchema = z.object({
  added: z.number().int(),
  alreadyListed: z.number().int(),
  invalid: z.number().int(),
  /** Every line that was not blank or a comment, in the file's order. */
  lines: z.array(screeningImportLineSchema),
});
export type ScreeningImportResult = z.infer<typeof screeningImportResultSchema>;

/** One line of a list file or CSV import: an address with its reason, nothing (blank, comment, header), or why it is refused. */
export type ScreeningLine =
  { kind: 'entry'; address: string; reason: string | null } | { kind: 'skip' } | { kind: 'invalid'; message: string };

/**
 * `0xabc…`, `0xabc…,reason` or `0xabc… reason`: the address first, then an
 * optional reason after a comma, tab or spaces (surrounding quotes dropped).
 * Blank lines, `#` comments and an `address,…` header are skipped.
 */
export function parseScreeningLine(raw: string): ScreeningLine {
  const line = raw.trim();
  if (!line || line.startsWith('#') || /^"?address"?\s*(,|$)/i.test(line)) return { kind: 'skip' };
  const match = /^"?([^\s,"]*)"?\s*(?:[,\t ]\s*(.*))?$/.exec(line);
  const address = screenedAddressSchema.safeParse(match?.[1] ?? '');
  if (!address.success) return { kind: 'invalid', message: address.error.issues[0]!.message };
  const rest = (match?.[2] ?? '').trim().replace(/^"(.*)"$/, '$1');
  if (!rest) return { kind: 'entry', address: address.data, reason: null };
  const reason = screeningReasonSchema.safeParse(rest);
  if (!reason.success) return { kind: 'invalid', message: reason.error.issues[0]!.message };
  return { kind: 'entry', address: address.data, reason: reason.data };
}
