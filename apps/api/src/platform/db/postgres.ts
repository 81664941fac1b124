import pg from 'pg';
import type { Database, QueryResult, Sql } from './database';
import { createHash } from 'node:crypto';
import { PreparedQuery, type SqlQuery } from './sql';

// int8 (counts, ids) fits a JS number for every id and count we keep; NUMERIC
// (money) stays a string and is parsed into bigint base units by the ledger.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const POOL_MAX = 20;

export async function openPostgres(url: string, schema?: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    // A connection idle for pg's default 10 s was closed, and the next burst of requests paid for new backends:
    // each one starting, and planning every money function again (PL/pgSQL keeps plans per connection, ADR 0013).
    // Idle connections now stay five minutes.
    idleTimeoutMillis: 300_000,
    // A scratch schema still sees `public`, where shared extensions live.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  if (schema) {
    await sharedExtensionsInPublic(pool);
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  }
  const listeners = new Set<pg.Client>();
  let closed = false;

  return {
    kind: 'postgres',
    stats: () => ({
      kind: 'postgres',
      max: POOL_MAX,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async query<T>(query: SqlQuery): Promise<QueryResult<T>> {
      const result = await pool.query(config(query));
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(script: string) {
      await pool.query(script);
    },
    async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      const tx: Sql = {
        async query<R>(query: SqlQuery) {
          const result = await client.query(config(query));
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
    async listen(channel: string, onNotify: (payload: string | undefined) => void) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const retry = () => {
        if (!closed) setTimeout(() => void connect().catch(retry), 1000).unref();
      };
      const connect = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: url });
        listeners.add(client);
        client.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload);
        });
        // A lost connection may have missed notifications: say so, and listen again.
        client.on('error', () => {
          listeners.delete(client);
          client.end().catch(() => {});
          onNotify(undefined);
          retry();
        });
        try {
          await client.connect();
          await client.query(`LISTEN ${channel}`);
        } catch (error) {
          listeners.delete(client);
          client.end().catch(() => {});
          throw error;
        }
      };
      await connect();
    },
    async close() {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

/**
 * Extensions belong to a database, not a schema. Created from a scratch
 * schema (the tests' one-schema-per-file), pg_trgm would land in that schema
 * and be dropped with it while other files still use it; so a scratch run
 * keeps it in `public`, created once whatever the concurrency.
 */
async function sharedExtensionsInPublic(pool: pg.Pool): Promise<void> {
  try {
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  } catch (error) {
    // Another process created it at the same moment: what we wanted.
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42710') throw error;
  }
  const { rows } = await pool.query<{ nspname: string }>(
    "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
  );
  if (rows[0] && rows[0].nspname !== 'public') await pool.query('ALTER EXTENSION pg_trgm SET SCHEMA public');
}

/**
 * One plain client connection for the length of `work`, outside the pool:
 * for what runs beside a portal rather than in it (backup and restore,
 * `backup/backup.ts`; the benchmarks' database set-up).
 */
export async function withPgClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** node-postgres' query config: a `sql.prepared` statement with a name (its text's hash), any other unnamed. */
function config(query: SqlQuery): pg.QueryConfig {
  const { text, values } = query.toQuery();
  if (!(query instanceof PreparedQuery)) return { text, values };
  return { name: `p_${createHash('sha1').update(text).digest('base64url')}`, text, values };
}
