import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import pino from 'pino';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createMailer, type Mail } from '../src/mail/mailer';
import { bootstrap } from '../src/setup/bootstrap';
import { checkEveryAnswer } from './contract';
import { createChain } from '../src/chain';
import { settingsFromEnv } from '../src/chain/config';
import { sql } from '../src/db/sql';

export const ADMIN_PASSWORD = 'Admin-Pass-2026!';
export const ROOT = 'company';

export interface TestPortal {
  app: FastifyInstance;
  ctx: AppContext;
  db: Database;
  /** Moves the portal's clock (lockout windows, token expiry). */
  clock: { now: Date; advance(ms: number): void };
  /** Every mail sent, whole, as its recipient gets it (the admin outbox shows it redacted). */
  mails: Mail[];
  close(): Promise<void>;
}

/**
 * A whole portal on a real database: in-memory PGlite by default, a fresh
 * schema on the PostgreSQL server when DATABASE_URL is set (dropped at close).
 * No chain unless the test opts in: pass a test chain's `env`
 * (test/chain/chain-helpers.ts) and the portal talks to it.
 */
export async function startPortal(
  env: Record<string, string> = {},
  options: {
    log?: pino.Logger;
    /** Serve this folder as the built web app. */ webDist?: string;
    /**
     * A database the test owns and keeps (backup/restore tests): a whole
     * PostgreSQL database (`url`, its public schema) or a PGlite folder
     * (`dataDir`), instead of a scratch schema or memory; not dropped at close.
     */
    database?: { url?: string; dataDir?: string };
  } = {},
): Promise<TestPortal> {
  const own = options.database;
  const databaseUrl = own ? own.url : process.env.DATABASE_URL || undefined;
  const schema = databaseUrl && !own ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    ADMIN_PASSWORD,
    PUBLIC_URL: 'http://portal.test',
    // Every test file registers its members from one address; the limit has its own test.
    REGISTRATIONS_PER_HOUR: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const db = await openDatabase({ databaseUrl, dataDir: own?.dataDir ?? 'memory://', schema });
  await migrate(db);
  const log = options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const mails: Mail[] = [];
  const outbox = createMailer({ from: config.mailFrom, db, log });
  const ctx: AppContext = {
    config,
    db,
    log,
    now: () => clock.now,
    mailer: {
      async send(mail) {
        mails.push(mail);
        await outbox.send(mail);
      },
    },
  };
  const chainSettings = settingsFromEnv(config.chain);
  if (chainSettings) ctx.chain = createChain(chainSettings);
  await bootstrap(ctx);
  const app = await buildApp(ctx, options.webDist ? { webDist: options.webDist } : { serveWeb: false });
  await app.ready();
  // Every answer a test gets must be one the OpenAPI document describes.
  checkEveryAnswer(app);
  return {
    app,
    ctx,
    db,
    clock,
    mails,
    async close() {
      await app.close();
      if (schema) await db.query(sql`DROP SCHEMA ${sql.raw(schema)} CASCADE`); // a name the harness made, not input
      await db.close();
    },
  };
}

/**
 * A portal for the tests of the enclosing file (or describe): started with a
 * signed-in admin before them, closed after them. `ready` receives both.
 */
export function usePortal(ready: (portal: TestPortal, admin: Session) => void): void {
  let portal: TestPortal | undefined;
  beforeAll(async () => {
    portal = await startPortal();
    ready(portal, await loginAdmin(portal.app));
  });
  afterAll(async () => {
    await portal?.close();
  });
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: number; username: string; role: string };
}

export async function login(app: FastifyInstance, username: string, password: string, ip = '10.0.0.1'): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { authorization: basic(username, password) }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const loginAdmin = (app: FastifyInstance) => login(app, 'admin', ADMIN_PASSWORD);

let counter = 0;
/** Registers a member under `sponsor` (the root by default) and signs them in. */
export async function registerMember(
  app: FastifyInstance,
  options: { username?: string; sponsor?: string; side?: 'left' | 'right'; password?: string; fullName?: string } = {},
): Promise<Session & { password: string }> {
  counter += 1;
  const username = options.username ?? `member${counter}_${randomBytes(3).toString('hex')}`;
  const password = options.password ?? 'Correct-Horse-Battery-9';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username,
      email: `${username}@example.com`,
      fullName: options.fullName ?? `Member ${username}`,
      password,
      sponsor: options.sponsor ?? ROOT,
      ...(options.side ? { side: options.side } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`register ${username} failed: ${res.statusCode} ${res.body}`);
  return { ...(await login(app, username, password)), password };
}

export function bearer(session: Session): Record<string, string> {
  return { authorization: `Bearer ${session.accessToken}` };
}

/** Asserts the `{ message, code }` error shape and returns it. */
export function errorOf(res: LightMyRequestResponse): { message: string; code: string; field?: string } {
  const body = res.json();
  if (typeof body.message !== 'string' || typeof body.code !== 'string') {
    throw new Error(`not an error body: ${res.body}`);
  }
  return body;
}
