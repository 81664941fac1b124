import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvFilename, csvStream, sendCsv, type CsvColumn } from './csv';
import { pageResult } from './pagination';
import type { Page, PageQuery } from '@portal/contract';

/** A whole list as a CSV file: its name and the streamed body. */
export interface CsvFile {
  kind: 'csv';
  filename: string;
  body: Readable;
}

/** One page of a list, as the API answers it; `Extra` are figures of the whole filtered list (a total paid). */
export interface ListPage<T, Extra extends object = object> {
  kind: 'page';
  page: Page<T> & Extra;
}

/** What a list's service answers for `?format=json|csv`: the route only sends it (`sendList`). */
export type ListAnswer<T, Extra extends object = object> = ListPage<T, Extra> | CsvFile;

export function csvFile<T>(name: string, now: Date, columns: CsvColumn<T>[], rows: AsyncIterable<T>): CsvFile {
  return { kind: 'csv', filename: csvFilename(name, now), body: csvStream(columns, rows) };
}

export function listPage<T, Extra extends object = object>(
  items: T[],
  total: number,
  query: PageQuery,
  extra?: Extra,
): ListPage<T, Extra> {
  return { kind: 'page', page: { ...pageResult(items, total, query), ...(extra as Extra) } };
}

/** Replies with the page (JSON) or streams the CSV file. */
export function sendList<T, Extra extends object>(reply: FastifyReply, answer: ListAnswer<T, Extra>) {
  return answer.kind === 'csv' ? sendCsv(reply, answer.filename, answer.body) : answer.page;
}
