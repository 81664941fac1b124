import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from './chain';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';
import type { MoneyGroups } from './money-groups';
import type { JobStatus } from './shared/job-runner';

/** What every domain's services need, built once at start-up and passed down. */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The current time; tests move it to try time-based rules (lockout, token expiry). */
  now: () => Date;
  /** The hot money paths' group commits, one per process (`moneyGroups(db)`, money-groups.ts). */
  groups: MoneyGroups;
  /** The chain (chain/index.ts); absent in tests that do not opt in, or when the embedded chain could not start. */
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
    status(): JobStatus[];
  };
}
