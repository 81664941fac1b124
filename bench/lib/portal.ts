import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/platform/config';
import { newContext, type AppContext } from '../../apps/api/src/context';
import { openDatabase } from '../../apps/api/src/platform/db/database';
import { migrate } from '../../apps/api/src/platform/db/migrate';
import { createMailer } from '../../apps/api/src/platform/mail/mailer';
import { bootstrap } from '../../apps/api/src/setup/bootstrap';
import { benchDatabase } from './server';

export const BENCH_ADMIN_PASSWORD = 'Bench-Admin-Pass-2026';

export interface BenchPortal {
  baseUrl: string;
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * A whole portal listening on a loopback port, on a database of its own:
 * a fresh PGlite folder, or a scratch database on the PostgreSQL server of
 * DATABASE_URL (dropped at close), so a benchmark never touches real data.
 */
export async function startBenchPortal(databaseUrl?: string): Promise<BenchPortal> {
  let dataDir: string | undefined;
  let scratchUrl: string | undefined;
  let dropScratch = () => {};
  if (databaseUrl) {
    const scratch = benchDatabase(databaseUrl, 'portal');
    scratchUrl = scratch.url;
    dropScratch = scratch.drop;
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    // Benchmarks register their members from one address; the auth bench sends X-Forwarded-For.
    REGISTRATIONS_PER_HOUR: '1000000',
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir ?? 'unused',
    ...(scratchUrl ? { DATABASE_URL: scratchUrl } : {}),
  });
  const db = await openDatabase({ databaseUrl: scratchUrl, dataDir: dataDir ?? '' });
  await migrate(db);
  const log = pino({ level: 'silent' });
  const ctx: AppContext = newContext({
    config,
    db,
    log,
    now: () => new Date(),
    mailer: createMailer({ from: config.mailFrom, db, log }),
  });
  await bootstrap(ctx);
  const app = await buildApp(ctx, { serveWeb: false });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl,
    app,
    ctx,
    async close() {
      await app.close();
      await db.close();
      // BENCH_KEEP_DB=1 leaves the database for a look afterwards (EXPLAIN ANALYZE; drop it yourself).
      if (process.env.BENCH_KEEP_DB) console.log(`  kept ${scratchUrl ?? dataDir}`);
      else {
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        dropScratch();
      }
    },
  };
}
