import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * CSV export of admin lists (`?format=csv`): the whole filtered list,
 * fetched in batches and streamed, so a long list neither waits nor sits in
 * memory as one string.
 */
export type CsvCell = string | number | bigint | boolean | null | undefined;

/**
 * One cell, quoted when needed. Text a spreadsheet would run as a formula
 * (= + - @ at the start) is prefixed with an apostrophe; numbers and
 * amounts pass `raw` so that "-12.50" stays a number.
 */
export function csvCell(value: CsvCell, raw = false): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (!raw && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
  /** A number or an amount: written as is. */
  raw?: boolean;
}

export function csvLine<T>(columns: CsvColumn<T>[], row: T): string {
  return columns.map((column) => csvCell(column.value(row), column.raw)).join(',') + '\r\n';
}

export function csvStream<T>(columns: CsvColumn<T>[], rows: AsyncIterable<T>): Readable {
  return Readable.from(
    (async function* () {
      yield columns.map((column) => csvCell(column.header)).join(',') + '\r\n';
      for await (const row of rows) yield csvLine(columns, row);
    })(),
    { objectMode: false },
  );
}

export function sendCsv(reply: FastifyReply, filename: string, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** `transactions-2026-01-31.csv` */
export const csvFilename = (name: string, now: Date) => `${name}-${now.toISOString().slice(0, 10)}.csv`;
