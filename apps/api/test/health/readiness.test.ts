import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context';
import { readiness } from '../../src/health/readiness';

describe('readiness', () => {
  it('is ready when the database answers, and refuses with 503 DATABASE_UNAVAILABLE when it does not', async () => {
    const answering = { db: { query: async () => ({ rows: [], rowCount: 1 }) } } as unknown as AppContext;
    expect(await readiness(answering)).toEqual({ status: 'ok' });
    const down = {
      db: { query: async () => Promise.reject(new Error('connect ECONNREFUSED')) },
    } as unknown as AppContext;
    await expect(readiness(down)).rejects.toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: 'The database is not reachable.',
    });
  });
});
