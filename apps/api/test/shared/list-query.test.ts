import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/database';
import type { Sql } from '../../src/platform/db/database';
import { sql } from '../../src/platform/db/sql';
import { defineList } from '../../src/shared/list-query';

interface Row {
  id: number;
  name: string;
  amount: number;
}

/** Twelve rows: amounts repeat (ties broken by id), two names contain "x". */
const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: i % 5 === 0 ? `box ${i}` : `item ${i}`,
  amount: (i * 7) % 4,
}));

const LIST = defineList({
  select: sql`SELECT i.id, i.name, i.amount FROM list_items i`,
  counted: sql`list_items i`,
  sorts: { createdAt: 'i.id', amount: 'i.amount' },
  tieBreaker: 'i.id',
  keyOf: (row: Row) => row.id,
  toItem: (row: Row) => ({ id: Number(row.id), label: `${row.name} (${row.amount})` }),
  csv: { name: 'items', columns: [{ header: 'id', value: (item: { id: number }) => item.id, raw: true }] },
});

/** The database, recording every statement's text, so a test can tell keyset from offset reads. */
function recording(db: Sql): { db: Sql; texts: string[] } {
  const texts: string[] = [];
  const spy = Object.create(db) as Sql;
  spy.query = (query: Parameters<Sql['query']>[0]) => {
    texts.push(query.toQuery().text);
    return db.query(query);
  };
  return { db: spy, texts };
}

async function walk<T>(all: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of all) out.push(item);
  return out;
}

describe('defineList: one query gives the page, its total and the CSV', () => {
  let database: Database;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl, dataDir: 'memory://', schema });
    await database.query(sql`CREATE TABLE list_items (id bigint PRIMARY KEY, name text NOT NULL, amount int NOT NULL)`);
    for (const row of ROWS)
      await database.query(sql`INSERT INTO list_items VALUES (${row.id}, ${row.name}, ${row.amount})`);
  });
  afterAll(async () => {
    if (schema) await database.query(sql`DROP SCHEMA ${sql.raw(schema)} CASCADE`); // a name the test made, not input
    await database.close();
  });

  it('answers a page and the total of the same conditions, ties in id order, pages never overlapping', async () => {
    const filter = { where: [sql`i.amount > ${0}`], sort: '-amount' };
    const expected = ROWS.filter((r) => r.amount > 0)
      .sort((a, b) => b.amount - a.amount || b.id - a.id)
      .map((r) => r.id);
    const pages = await Promise.all([1, 2, 3].map((page) => LIST.page(database, filter, { page, pageSize: 4 })));
    expect(pages.map((p) => p.page.total)).toEqual([expected.length, expected.length, expected.length]);
    expect(pages.flatMap((p) => p.page.items.map((i) => i.id))).toEqual(expected);
    expect(pages[1]!.page).toMatchObject({ page: 2, pageSize: 4 });
  });

  it('walks the whole list in the page order, from the last row read when sorted by id alone', async () => {
    const { db, texts } = recording(database);
    const filter = { where: [], sort: '-createdAt' };
    const walked = await walk(LIST.every(db, filter, 5));
    expect(walked.map((i) => i.id)).toEqual(ROWS.map((r) => r.id).reverse());
    // Three batches (5, 5, 2), each after the previous one's last id, never skipping by offset.
    expect(texts).toHaveLength(3);
    expect(texts.slice(1).every((t) => t.includes('i.id <'))).toBe(true);
  });

  it('reads by offset in an order the id does not give, and with rows put first', async () => {
    for (const filter of [
      { where: [], sort: 'amount' },
      { where: [], sort: 'createdAt', first: sql`i.name LIKE ${'box%'}` },
    ]) {
      const { db, texts } = recording(database);
      const page = await LIST.page(database, filter, { page: 1, pageSize: 100 });
      expect((await walk(LIST.every(db, filter, 5))).map((i) => i.id)).toEqual(page.page.items.map((i) => i.id));
      expect(texts.some((t) => t.includes('i.id <') || t.includes('i.id >'))).toBe(false);
    }
  });

  it('answers a CSV file with `format=csv`, a page otherwise', async () => {
    const now = new Date('2026-01-31T12:00:00Z');
    const answer = await LIST.answer(
      database,
      { where: [sql`i.id <= ${3}`], sort: 'createdAt' },
      { page: 1, pageSize: 1, format: 'csv' },
      now,
    );
    if (answer.kind !== 'csv') throw new Error('expected a CSV file');
    expect(answer.filename).toBe('items-2026-01-31.csv');
    expect((await walk(answer.body)).join('')).toBe('id\r\n1\r\n2\r\n3\r\n');
    expect(
      (await LIST.answer(database, { where: [], sort: 'createdAt' }, { page: 1, pageSize: 1, format: 'json' }, now))
        .kind,
    ).toBe('page');
  });

  it('takes a summary in place of the plain count, with figures beside the total', async () => {
    const summed = defineList({
      select: sql`SELECT i.id, i.name, i.amount FROM list_items i`,
      counted: sql`list_items i`,
      sorts: { createdAt: 'i.id' },
      tieBreaker: 'i.id',
      toItem: (row: Row) => Number(row.id),
      summary: async (db, filter) => ({ total: 99, extra: { rows: filter.where.length } }),
    });
    const { page } = await summed.page(database, { where: [], sort: 'createdAt' }, { page: 1, pageSize: 2 });
    expect(page).toEqual({ items: [1, 2], total: 99, page: 1, pageSize: 2, rows: 0 });
  });
});
