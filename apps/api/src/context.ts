import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';

/** What every domain's services need, built once at start-up and passed down. */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The current time; tests move it to try time-based rules (lockout, token expiry). */
  now: () => Date;
}
