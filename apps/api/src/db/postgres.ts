import pg from 'pg';
import type { Database, QueryResult, Sql } from './database';

// int8 (counts, ids) fits a JS number for every id and count we keep; NUMERIC
// (money) stays a string and is parsed into bigint base units by the ledger.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openPostgres(url: string, schema?: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  if (schema) {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  }

  return {
    kind: 'postgres',
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await pool.query(text, params as unknown[]);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(script: string) {
      await pool.query(script);
    },
    async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      const tx: Sql = {
        async query<R>(text: string, params?: readonly unknown[]) {
          const result = await client.query(text, params as unknown[]);
          return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
        },
        async exec(script: string) {
          await client.query(script);
        },
      };
      try {
        await client.query('BEGIN');
        const value = await work(tx);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
