import { describe, expect, it } from 'vitest';
import { sql } from '../../../src/platform/db/sql';
import { where, orderBy, pageClause, betweenDays } from '../../../src/shared/sql-list';

describe('the sql tag', () => {
  it('binds every value as a numbered parameter, never as text', () => {
    const evil = "x'; DROP TABLE users; --";
    expect(sql`SELECT id FROM users WHERE username = ${evil} AND id > ${3}`.toQuery()).toEqual({
      text: 'SELECT id FROM users WHERE username = $1 AND id > $2',
      values: [evil, 3],
    });
  });

  it('numbers the values of nested fragments in the order they appear', () => {
    const filter = where(sql`a = ${1}`, undefined, false, sql`b = ${'two'}`);
    const query = sql`SELECT * FROM t ${filter} ${orderBy('-name', { name: 't.name' }, 't.id')} ${pageClause({ limit: 10, offset: 20 })}`;
    expect(query.toQuery()).toEqual({
      text: 'SELECT * FROM t WHERE a = $1 AND b = $2 ORDER BY t.name DESC, t.id DESC LIMIT $3 OFFSET $4',
      values: [1, 'two', 10, 20],
    });
  });

  it('leaves out empty conditions and joins with the given separator', () => {
    expect(where().toQuery().text).toBe('');
    expect(where(sql.empty, ...betweenDays(sql.raw('created_at'), undefined, '2026-01-31')).toQuery()).toEqual({
      text: 'WHERE created_at < $1',
      values: [new Date('2026-02-01T00:00:00.000Z')],
    });
    expect(sql.join([sql`${1}`, sql`${2}`, sql.raw('x')], sql.raw(' | ')).toQuery()).toEqual({
      text: '$1 | $2 | x',
      values: [1, 2],
    });
  });

  it('refuses a sort that is not whitelisted', () => {
    expect(() => orderBy('password', { name: 'name' }, 'id')).toThrow(/not whitelisted/);
  });
});
