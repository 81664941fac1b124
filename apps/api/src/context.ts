import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from './platform/chain';
import type { Config } from './platform/config';
import type { Database } from './platform/db/database';
import type { Mailer } from './platform/mail/mailer';
import { PerProcess } from './per-process';
import type { JobStatus } from './shared/job-runner';

/**
 * What every domain's services need, built once at start-up and passed down
 * (`newContext`: main.ts, and every script or test that starts a portal).
 * It names only the layers below the domains (config, db, chain, mail,
 * shared), so that no domain's types lead back to it
 * (apps/api/test/domain-cycles.test.ts).
 */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The current time; tests move it to try time-based rules (lockout, token expiry). */
  now: () => Date;
  /**
   * Everything this process keeps between calls (per-process.ts): each
   * portal's own, made with its context, never a module's.
   */
  perProcess: PerProcess;
  /** The chain (platform/chain/index.ts); absent in tests that do not opt in, or when the embedded chain could not start. */
  chain?: Chain;
  /**
   * The background jobs this process runs (jobs.ts); absent where none run
   * (tests, scripts): an approval kicks the payout job through it, a new
   * rescan the rescan job (deposits/rescan/start.ts), and
   * /api/health reads how they have been doing.
   */
  jobs?: {
    kickPayouts(): void;
    kickRescans(): void;
    kickSimulations(): void;
    /** A signing request a web process recorded (signing/hand-off.ts). */
    kickSigning?(): void;
    /** A test event or a redelivery an admin asked for (webhooks/). */
    kickWebhooks?(): void;
    status(): JobStatus[];
  };
}

/** A context with its own, empty per-process state: the composition root of main.ts, of a test's portal, of a script. */
export function newContext(parts: Omit<AppContext, 'perProcess'>): AppContext {
  return { ...parts, perProcess: new PerProcess() };
}
