import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll } from 'vitest';
import pino from 'pino';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { newContext, type AppContext } from '../src/context';
import { openDatabase, type Database } from '../src/platform/db/database';
import { migrate } from '../src/platform/db/migrate';
import { createMailer, type Mail } from '../src/platform/mail/mailer';
import { bootstrap } from '../src/setup/bootstrap';
import { checkEveryAnswer } from './contract';
import { createChain } from '../src/platform/chain';
import { settingsFromEnv } from '../src/platform/chain/config';
import { sql } from '../src/platform/db/sql';
import { migratedTemplate } from './pglite-template';

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
 * (test/platform/chain/chain-helpers.ts) and the portal talks to it.
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
  const inMemory = !databaseUrl && !own?.dataDir;
  const db = await openDatabase({
    databaseUrl,
    dataDir: own?.dataDir ?? 'memory://',
    schema,
    ...(inMemory ? { snapshot: await migratedTemplate() } : {}),
  });
  await migrate(db);
  const log = options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const mails: Mail[] = [];
  // With SMTP_URL (a test's own SMTP server), through it; otherwise the outbox table.
  const outbox = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log });
  const ctx: AppContext = newContext({
    config,
    db,
    log,
    now: () => clock.now,
    mailer: {
      async send(mail) {
        mails.push(mail);
        await outbox.send(mail);
      },
      async sendAll(batch) {
        mails.push(...batch);
        return outbox.sendAll(batch);
      },
    },
  });
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
 * A value a `beforeAll` makes, usable where the tests are declared: what it
 * returns reads through to the value once made (and throws if read before).
 */
export function lateBound<T extends object>(made: () => T | undefined, what: string): T {
  const value = (): T => {
    const v = made();
    if (!v) throw new Error(`${what} is made before the tests (beforeAll); use it inside them.`);
    return v;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(value(), key) as unknown,
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * A portal for the tests of the enclosing file (or describe): started (with
 * `env`) before them, closed after them; `const portal = useFreshPortal();`.
 */
export function useFreshPortal(env: Record<string, string> = {}): TestPortal {
  let started: TestPortal | undefined;
  beforeAll(async () => {
    started = await startPortal(env);
  });
  afterAll(async () => {
    await started?.close();
  });
  return lateBound(() => started, 'The portal');
}

/**
 * The same, with a signed-in admin who has two-factor on, as the
 * `adminsRequireTwoFactor` setting (on by default) asks of who approves and
 * changes settings: `const { portal, admin } = usePortal();`.
 */
export function usePortal(): { portal: TestPortal; admin: Session } {
  const portal = useFreshPortal();
  let admin: Session | undefined;
  beforeAll(async () => {
    admin = await loginAdmin(portal.app);
    await enableAdminTwoFactor(portal, admin);
  });
  return { portal, admin: lateBound(() => admin, 'The admin') };
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: number; username: string; role: string };
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  ip = '10.0.0.1',
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: basic(username, password) },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Signs the admin in; once `enableAdminTwoFactor` ran for this portal, with a fresh code. */
export async function loginAdmin(app: FastifyInstance): Promise<Session> {
  const totp = adminTotp.get(app);
  if (!totp) return login(app, 'admin', ADMIN_PASSWORD);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: basic('admin', ADMIN_PASSWORD), 'x-totp-code': adminCode(totp.portal) },
    remoteAddress: '10.0.0.1',
  });
  if (res.statusCode !== 200) throw new Error(`login admin failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The admin's authenticator in the tests of a portal: the secret, and the last time step a code was made for. */
const adminTotp = new WeakMap<FastifyInstance, { portal: TestPortal; secret: string; lastStep: number }>();

const totpFor = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/**
 * Turns two-factor on for the admin through the real set-up flow (the code
 * computed from the secret the portal answered), as an admin does before
 * approving money out or changing settings. Later `loginAdmin` calls and
 * `adminCode` use the same secret.
 */
export async function enableAdminTwoFactor(portal: TestPortal, admin: Session): Promise<string> {
  const setup = await portal.app.inject({ method: 'POST', url: '/api/me/2fa/setup', headers: bearer(admin) });
  if (setup.statusCode !== 200) throw new Error(`2fa setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const totp = totpFor(secret);
  const step = totp.counter({ timestamp: portal.clock.now.getTime() });
  const enable = await portal.app.inject({
    method: 'POST',
    url: '/api/me/2fa/enable',
    headers: bearer(admin),
    payload: { code: totp.generate({ timestamp: step * 30_000 }) },
  });
  if (enable.statusCode !== 200) throw new Error(`2fa enable failed: ${enable.statusCode} ${enable.body}`);
  adminTotp.set(portal.app, { portal, secret, lastStep: step });
  return secret;
}

/** The admin's authenticator in this portal's tests: its secret, and the last time step a code was used for. */
export function adminAuthenticator(portal: TestPortal): { secret: string; lastStep: number } {
  const totp = adminTotp.get(portal.app);
  if (!totp) throw new Error('enableAdminTwoFactor first');
  return { secret: totp.secret, lastStep: totp.lastStep };
}

/** The same authenticator in another portal on the same data (a restored backup), so that `loginAdmin` signs in there. */
export function useAdminAuthenticator(portal: TestPortal, authenticator: { secret: string; lastStep: number }): void {
  adminTotp.set(portal.app, { portal, ...authenticator });
}

/**
 * A code the admin's authenticator shows that the portal has not accepted
 * yet: the next time step, within the ±1 step the portal accepts; the
 * portal's clock moves on only when a third code is asked within one step.
 */
export function adminCode(portal: TestPortal): string {
  const totp = adminTotp.get(portal.app);
  if (!totp) throw new Error('enableAdminTwoFactor first');
  const generator = totpFor(totp.secret);
  let current = generator.counter({ timestamp: portal.clock.now.getTime() });
  const step = Math.max(current, totp.lastStep + 1);
  while (step > current + 1) {
    portal.clock.advance(30_000);
    current = generator.counter({ timestamp: portal.clock.now.getTime() });
  }
  totp.lastStep = step;
  return generator.generate({ timestamp: step * 30_000 });
}

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
