import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvFilename, csvStream, sendCsv, type CsvColumn } from './csv';
import { pageResult } from './pagination';
import type { PageQuery } from '@portal/contract';

/** A whole list as a CSV file: its name and the streamed body. */
export interface CsvFile {
  kind: 'csv';
  filename: string;
  body: Readable;
}

/** One page of a list, as the API answers it. */
export interface ListPage<T> {
  kind: 'page';
  page: { items: T[]; total: number; page: number; pageSize: number };
}

/** What a list's service answers for `?format=json|csv`: the route only sends it (`sendList`). */
export type ListAnswer<T> = ListPage<T> | CsvFile;

export function csvFile<T>(name: string, now: Date, columns: CsvColumn<T>[], rows: AsyncIterable<T>): CsvFile {
  return { kind: 'csv', filename: csvFilename(name, now), body: csvStream(columns, rows) };
}

export function listPage<T>(items: T[], total: number, query: PageQuery): ListPage<T> {
  return { kind: 'page', page: pageResult(items, total, query) };
}

/** Replies with the page (JSON) or streams the CSV file. */
export function sendList<T>(reply: FastifyReply, answer: ListAnswer<T>) {
  return answer.kind === 'csv' ? sendCsv(reply, answer.filename, answer.body) : answer.page;
}
