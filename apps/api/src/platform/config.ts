import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { parseChainEnv, type ChainEnv } from './chain/config';
import { readScreeningFile, type ScreeningFile } from '../shared/screening-file';

/**
 * All configuration comes from the environment and is checked once at start-up;
 * a bad value stops the process with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  MEDIA_DIR: z.string().min(1).optional(),
  IDENTITY_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEVICE_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ROOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'must be 3-32 letters, digits, dot, dash or underscore')
    .default('company'),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'must be 3-32 letters, digits, dot, dash or underscore')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  ADMIN_EMAIL: z.email().default('admin@portal.local'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Members Portal <no-reply@portal.local>'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  TOTP_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  PAYOUT_BUMP_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  // Turns GET /api/metrics on (docs/architecture.md, "Metrics and health"); its bearer token, never logged.
  SCREENING_LIST_FILE: z.string().optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .max(256)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  // Webhook endpoints on private, loopback or link-local addresses, and plain http (webhooks/url-check.ts): tests and local set-ups only.
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  PORTAL_ROLE: z.enum(['all', 'web', 'jobs'], { error: 'must be all, web or jobs' }).default('all'),
  TEST_JOB_PAUSE_MS: z.coerce.number().int().min(1).max(600_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** PUBLIC_URL was set: links are built on it; without it, links a member copies use the address they opened. */
  publicUrlSet: boolean;
  dataDir: string;
  /** Uploaded pictures (product images): MEDIA_DIR, default `<DATA_DIR>/media`. */
  mediaDir: string;
  /** Identity documents, private (docs/decisions/0070-identity-checks.md): IDENTITY_DIR, default `<DATA_DIR>/identity`. */
  identityDir: string;
  databaseUrl?: string;
  jwtSecret: Uint8Array;
  /** True when no JWT_SECRET was given: `main.ts` then uses the secret kept in DATA_DIR (`setup/data-folder.ts`). */
  jwtSecretGenerated: boolean;
  /** Signs the device cookies of sign-in throttling: DEVICE_COOKIE_SECRET, else derived from the JWT secret. */
  deviceCookieKey: Uint8Array;
  /** True when no DEVICE_COOKIE_SECRET was given: the key follows the JWT secret (`main.ts` derives it again from the kept one). */
  deviceCookieKeyDerived: boolean;
  /** Registrations one client address may make per hour. */
  registrationsPerHour: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  rootUsername: string;
  adminUsername: string;
  adminPassword?: string;
  adminEmail: string;
  smtpUrl?: string;
  mailFrom: string;
  trustProxy: boolean;
  logLevel: string;
  /** AES-256-GCM key for TOTP secrets; unset in development: generated once into DATA_DIR (two-factor/secret-box.ts). */
  totpEncryptionKey?: string;
  /** A payout transaction not mined after this long is replaced with a higher fee at the same nonce. */
  payoutBumpAfterSeconds: number;
  /** The bearer token of GET /api/metrics; unset: the endpoint answers 404 (metrics/routes.ts). */
  metricsToken?: string;
  /** SCREENING_LIST_FILE's addresses, read and checked here; stored at each start (screening/list.ts syncScreeningFile). */
  screeningFile?: ScreeningFile;
  /** Chain settings (chain/config.ts); no CHAIN_RPC_URL means the embedded chain. */
  chain: ChainEnv;
  /** WEBHOOKS_ALLOW_PRIVATE: webhook URLs may be http and reach private, loopback and link-local addresses. */
  webhooksAllowPrivate: boolean;
  /**
   * API processes `npm start` runs (node:cluster, main.ts): WEB_CONCURRENCY,
   * else DEFAULT_WEB_CONCURRENCY; always 1 on the embedded database
   * (docs/decisions/0030-several-processes.md).
   */
  webConcurrency: number;
  /**
   * PORTAL_ROLE (docs/operations.md, "Keys only where they sign"): `all`
   * serves and runs the jobs (one process; with WEB_CONCURRENCY the primary
   * runs the jobs and its workers are `web`); `web` serves with no key
   * (watch-only) and runs no job; `jobs` runs the jobs, signs, and serves
   * nothing.
   */
  role: 'all' | 'web' | 'jobs';
  /**
   * NODE_ENV=test only: the background jobs (payout, close, consolidation)
   * stop this long in the middle of their work, so that a test can kill the
   * process there (apps/api/test/multiprocess.test.ts). Refused otherwise.
   */
  testJobPauseMs?: number;
}

/**
 * API processes on PostgreSQL when WEB_CONCURRENCY is not set. Measured on
 * the 2-core machine of docs/performance.md ("Several API processes"): a
 * second process did not pay there, the database's backends already use
 * most of both cores.
 */
export const DEFAULT_WEB_CONCURRENCY = 1;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as a shell user expects.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  const chain = parseChainEnv(present, present.PORTAL_ROLE === 'web');
  const listFile = present.SCREENING_LIST_FILE ? readScreeningFile(present.SCREENING_LIST_FILE) : undefined;
  if (!parsed.success || chain.problems.length || listFile?.problems.length) {
    const lines = (parsed.error?.issues ?? []).map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    lines.push(...chain.problems.map(([variable, message]) => `  ${variable}: ${message}`));
    lines.push(...(listFile?.problems ?? []).map((problem) => `  SCREENING_LIST_FILE: ${problem}`));
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: is required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && !e.TOTP_ENCRYPTION_KEY) {
    throw new ConfigError('Invalid configuration:\n  TOTP_ENCRYPTION_KEY: is required when NODE_ENV=production');
  }
  if (e.TEST_JOB_PAUSE_MS !== undefined && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_JOB_PAUSE_MS: is only for the tests (NODE_ENV=test); unset it',
    );
  }
  // The embedded database is one process's (setup/data-folder.ts): asking for more is a mistake to fix, not to ignore.
  if (e.WEB_CONCURRENCY !== undefined && e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WEB_CONCURRENCY: several processes need DATABASE_URL (PostgreSQL); the embedded database runs in one process. Unset WEB_CONCURRENCY or set DATABASE_URL.',
    );
  }
  // A web or a jobs process lives beside the other role, which the embedded database cannot share.
  if (e.PORTAL_ROLE !== 'all' && !e.DATABASE_URL && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      `Invalid configuration:\n  PORTAL_ROLE: ${e.PORTAL_ROLE} runs beside a process of the other role on one PostgreSQL database (DATABASE_URL); the embedded database runs in one process. Unset PORTAL_ROLE or set DATABASE_URL.`,
    );
  }
  const jwtSecret = e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : randomBytes(32);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media')),
    identityDir: path.resolve(e.IDENTITY_DIR ?? path.join(e.DATA_DIR, 'identity')),
    databaseUrl: e.DATABASE_URL,
    // Without a configured secret: a random one until main.ts reads the one kept in DATA_DIR.
    jwtSecret,
    jwtSecretGenerated: !e.JWT_SECRET,
    deviceCookieKey: e.DEVICE_COOKIE_SECRET
      ? new TextEncoder().encode(e.DEVICE_COOKIE_SECRET)
      : deviceCookieKeyFrom(jwtSecret),
    deviceCookieKeyDerived: !e.DEVICE_COOKIE_SECRET,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    rootUsername: e.ROOT_USERNAME,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    payoutBumpAfterSeconds: e.PAYOUT_BUMP_AFTER_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    screeningFile: listFile?.value,
    chain: chain.value!,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    webConcurrency: e.DATABASE_URL ? (e.WEB_CONCURRENCY ?? DEFAULT_WEB_CONCURRENCY) : 1,
    role: e.PORTAL_ROLE,
    testJobPauseMs: e.TEST_JOB_PAUSE_MS,
  };
}

/** The device-cookie key derived from the JWT secret (one secret to keep, two keys that never sign each other's values). */
export function deviceCookieKeyFrom(jwtSecret: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', jwtSecret).update('portal device cookie v1').digest());
}
