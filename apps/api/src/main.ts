import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, deviceCookieKeyFrom, loadConfig, type Config } from './platform/config';
import { openDatabase, type Database } from './platform/db/database';
import { migrate, MigrationChangedError } from './platform/db/migrate';
import { createMailer } from './platform/mail/mailer';
import { bootstrap } from './setup/bootstrap';

type Setup = Awaited<ReturnType<typeof bootstrap>>;
import { buildApp } from './app';
import { newContext, type AppContext } from './context';
import { DataFolderLockedError, lockDataFolder, persistentJwtSecret } from './setup/data-folder';
import { watchSettings } from './settings/in-force';
import { createChain } from './platform/chain';
import { EMBEDDED_WORKER_ENV, KEY_VARIABLES, settingsFromEnv, type ChainSettings } from './platform/chain/config';
import { embeddedWatchSettingsFor, startEmbeddedChain, type EmbeddedChain } from './platform/chain/embedded';
import { privateKeyToAccount } from 'viem/accounts';
import { totpKey } from './two-factor/secret-box';
import { forwardKicks, kickFromWorkers, startJobs } from './platform/jobs';

async function main() {
  // A worker of the cluster below: the primary did the first-start work.
  if (cluster.isWorker) return worker();
  const config = orExit(loadConfig, ConfigError);
  const log = loggerOf(config);

  // The embedded database is one process's: a second one on the same folder loses data.
  const lock = config.databaseUrl ? undefined : orExit(() => lockDataFolder(config.dataDir), DataFolderLockedError);
  keepSecretInDataFolder(config);
  // The embedded anvil (its state in DATA_DIR), once started below.
  let embedded: EmbeddedChain | undefined;
  // Until the shutdown below is in place, a signal still ends the process,
  // the embedded chain stopped first with SIGTERM so that it writes its
  // state (platform/chain/anvil.ts; a SIGKILL would lose its last second).
  const exitEarly = () => void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
  process.on('SIGINT', exitEarly);
  process.on('SIGTERM', exitEarly);

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // An edited migration: nothing was changed; say which file, as for a locked data folder.
  const migrated = await orExitAsync(() => migrate(db), MigrationChangedError);
  if (migrated.migrations.length || migrated.functions.length) log.info(migrated, 'database migrated');

  const ctx = contextOf(config, db, log);

  // The chain: CHAIN_RPC_URL's, or the embedded anvil (its state in DATA_DIR).
  let chainSettings = settingsFromEnv(config.chain);
  if (!chainSettings) {
    embedded = await startEmbeddedOrLog(config, log);
    chainSettings = embedded?.settings;
  }
  if (chainSettings) ctx.chain = createChain(chainSettings);
  const setup = await bootstrap(ctx);
  if (config.screeningFile) {
    log.info(
      { file: config.screeningFile.file, addresses: setup.screeningFileAddresses },
      'screening list file loaded',
    );
  }
  printGeneratedPassword(setup);
  const banner = () => printBanner(config, setup, embedded, chainSettings);

  if (config.webConcurrency > 1 && config.role !== 'jobs') {
    // The primary of a cluster (docs/decisions/0030-several-processes.md):
    // migrations, the first start and the embedded chain are done above,
    // once; the workers serve, as web processes that hold no key. The
    // primary runs the jobs and signs (PORTAL_ROLE=all; with web, some other
    // process does: docs/decisions/0053-keys-only-where-they-sign.md). The
    // development TOTP key is made here too, so that workers starting
    // together never read a half-written file.
    if (!config.totpEncryptionKey && config.env !== 'test') totpKey(ctx);
    const jobs = config.role === 'all' ? (await watchSettings(db), startJobs(ctx)) : undefined;
    if (jobs) ctx.jobs = jobs;
    else await db.close();
    process.off('SIGINT', exitEarly);
    process.off('SIGTERM', exitEarly);
    await runCluster(config.webConcurrency, workerEnv(chainSettings, !!embedded), log, banner, jobs, async () => {
      await jobs?.stop();
      if (jobs) await db.close();
      await embedded?.stop();
    });
    return;
  }

  const stop = await serve(ctx);
  banner();
  const shutdown = async () => {
    try {
      await stop();
    } finally {
      // The chain stops before the data folder's lock goes, whatever failed
      // above: SIGTERM makes anvil write its state file (its last second).
      await embedded?.stop().catch(() => undefined);
      await db.close().catch(() => undefined);
      lock?.release();
      process.exit(0);
    }
  };
  process.off('SIGINT', exitEarly);
  process.off('SIGTERM', exitEarly);
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

/** What `run` answers; an error of `kind` (a bad environment, a locked folder) printed alone, and the process ends. */
function orExit<T>(run: () => T, kind: new (...args: never[]) => Error): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof kind) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** `orExit` for a step that is awaited (the migrations). */
async function orExitAsync<T>(run: () => Promise<T>, kind: new (...args: never[]) => Error): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof kind) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function loggerOf(config: Config): pino.Logger {
  return pino({
    level: config.logLevel,
    // Credentials never reach a log line, whatever logs them by mistake.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken', '*.token'],
  });
}

/** Without JWT_SECRET, one secret kept in the data folder: sign-ins survive a restart. */
function keepSecretInDataFolder(config: Config): void {
  if (!config.jwtSecretGenerated) return;
  config.jwtSecret = persistentJwtSecret(config.dataDir);
  if (config.deviceCookieKeyDerived) config.deviceCookieKey = deviceCookieKeyFrom(config.jwtSecret);
}

/** The embedded anvil (its state in DATA_DIR); a chain that does not start leaves the portal without deposits. */
async function startEmbeddedOrLog(config: Config, log: pino.Logger): Promise<EmbeddedChain | undefined> {
  try {
    return await startEmbeddedChain(config.dataDir, config.chain);
  } catch (error) {
    log.error(
      { err: error instanceof Error ? error.message : String(error) },
      'the embedded chain did not start; deposits are unavailable',
    );
    return undefined;
  }
}

/**
 * Printed in the same step that created the admin, before anything that can
 * fail (listen); the password is also in an owner-only file under DATA_DIR.
 * Printed, not logged: the generated password must not end up in log storage.
 */
function printGeneratedPassword(setup: Setup): void {
  if (!setup.admin?.generatedPassword) return;
  console.log(
    [
      '',
      `  Admin account created. Sign in as "${setup.admin.username}" with password: ${setup.admin.generatedPassword}`,
      `  (also kept in ${setup.admin.passwordFile}, readable only by you; delete it once you have changed the password.`,
      '   Lost it? Run `npm run admin:reset-password`, with the portal stopped on the embedded database.)',
      '',
    ].join('\n'),
  );
}

/** Where the portal answers, with what database and chain, and what is left to set. */
function printBanner(
  config: Config,
  setup: Setup,
  embedded: EmbeddedChain | undefined,
  chainSettings: ChainSettings | undefined,
): void {
  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const lines = [
    '',
    config.role === 'jobs'
      ? '  Members portal jobs process (PORTAL_ROLE=jobs): runs the background jobs and signs; serves no page.'
      : `  Members portal is running at ${address}${config.webConcurrency > 1 ? ` (${config.webConcurrency} API processes, WEB_CONCURRENCY)` : ''}${config.role === 'web' ? ', web only (PORTAL_ROLE=web): no key, no job' : ''}`,
    `  API docs: ${address}/api/docs`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  ];
  if (setup.admin && !setup.admin.generatedPassword) {
    lines.push(`  Admin account created. Sign in as "${setup.admin.username}" with the password from ADMIN_PASSWORD.`);
  } else if (!setup.admin) {
    lines.push(
      `  Sign in with your admin account ("${config.adminUsername}" by default; \`npm run admin:reset-password\` if the password is lost).`,
    );
  }
  if (embedded) {
    lines.push(
      `  Chain: embedded anvil at ${embedded.info.rpcUrl} (chain id ${embedded.info.chainId}), test USDT at ${embedded.info.tokenAddress}`,
    );
    lines.push('  Send test USDT to a deposit address: npm run chain:send -- <address> <amount>');
  } else if (chainSettings) {
    lines.push(`  Chain: ${chainSettings.chainId} via CHAIN_RPC_URL, token ${chainSettings.tokenAddress}`);
  } else {
    lines.push('  Chain: not running (see the log); deposits are unavailable.');
  }
  if (config.jwtSecretGenerated) {
    lines.push(
      `  JWT_SECRET is not set: the secret kept in ${config.dataDir} signs the sign-ins (set JWT_SECRET when several processes share one database).`,
    );
  }
  if (!config.smtpUrl) lines.push(`  SMTP_URL is not set: mail is written to ${path.join(config.dataDir, 'outbox')}.`);
  console.log(lines.join('\n') + '\n');
}

/**
 * The API and its background jobs in this process (jobs.ts: the
 * network roll-up, the daily close's scheduler, the deposit watcher and the
 * payout job). Every job may run in any number of processes: each is
 * coordinated through the database (docs/decisions/0030-several-processes.md).
 * Answers `stop`.
 */
async function serve(ctx: AppContext): Promise<() => Promise<void>> {
  const { config, db } = ctx;
  await watchSettings(db);
  // A jobs process serves nothing; a web process runs no job (docs/decisions/0053-keys-only-where-they-sign.md).
  const app = config.role === 'jobs' ? undefined : await buildApp(ctx);
  await app?.listen({ port: config.port, host: config.host });
  const jobs = config.role === 'web' ? undefined : startJobs(ctx);
  // A web worker of the cluster asks its primary, which runs the jobs, to start a pass at once.
  ctx.jobs = jobs ?? (cluster.isWorker ? forwardKicks() : undefined);

  return async () => {
    await jobs?.stop();
    await app?.close();
  };
}

/**
 * A worker of the cluster: the configuration, the database and the chain
 * the primary prepared (the embedded chain's settings read from DATA_DIR),
 * then `serve`. SIGTERM (from the primary) stops it gracefully.
 */
async function worker() {
  const config = loadConfig();
  const log = loggerOf(config);
  keepSecretInDataFolder(config);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const ctx = contextOf(config, db, log);
  let chainSettings = settingsFromEnv(config.chain);
  if (!chainSettings && process.env[EMBEDDED_WORKER_ENV] === '1')
    chainSettings = embeddedWatchSettingsFor(config.dataDir, config.chain);
  if (chainSettings) ctx.chain = createChain(chainSettings);
  const stop = await serve(ctx);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  // Ctrl-C reaches the whole process group: the primary decides, the worker waits for its SIGTERM.
  process.on('SIGINT', () => undefined);
}

/**
 * What every use case gets (context.ts), in the primary and in each worker
 * alike: the composition root of the process, its per-process state made
 * here and nowhere else (docs/decisions/0057-composition-root.md). Mail goes
 * out through SMTP_URL or the outbox in DATA_DIR.
 */
function contextOf(config: Config, db: Database, log: pino.Logger): AppContext {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db,
    log,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  return newContext({ config, db, log, now: () => new Date(), mailer });
}

/**
 * The environment of the cluster's workers: web processes (PORTAL_ROLE=web)
 * with every key variable removed, the wallets given by address; where the
 * primary runs the embedded chain, its non-secret settings are in DATA_DIR
 * (EMBEDDED_WORKER_ENV). An undefined value leaves the variable out of the
 * child's environment (node:child_process).
 */
function workerEnv(chain: ChainSettings | undefined, embeddedChain: boolean): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {
    PORTAL_ROLE: 'web',
    [EMBEDDED_WORKER_ENV]: embeddedChain ? '1' : '0',
  };
  for (const name of KEY_VARIABLES) env[name] = undefined;
  if (chain && !embeddedChain) {
    env.DEPOSIT_XPUB = chain.depositXpub;
    env.HOT_WALLET_ADDRESS = chain.hotWalletKey ? privateKeyToAccount(chain.hotWalletKey).address : undefined;
    env.GAS_WALLET_ADDRESS = chain.gasWalletKey ? privateKeyToAccount(chain.gasWalletKey).address : undefined;
    env.TREASURY_KEY_HELD = chain.treasuryKey ? 'true' : 'false';
  }
  return env;
}
/** A worker that ends sooner than this after its start counts as a failed start. */
const QUICK_EXIT_MS = 5_000;
/** Failed starts in a row after which the primary gives up (a bad port, a database refusing). */
const MAX_QUICK_EXITS = 5;
/** How long a graceful stop may take before the workers are killed. */
const STOP_TIMEOUT_MS = 30_000;

/**
 * The primary: forks `count` workers that share the port (node:cluster hands
 * connections out in turn), forks a new one for any that dies, and on
 * SIGTERM/SIGINT stops them gracefully (SIGTERM, then SIGKILL after
 * STOP_TIMEOUT_MS) before ending its own resources.
 */
async function runCluster(
  count: number,
  env: Record<string, string | undefined>,
  log: pino.Logger,
  banner: () => void,
  jobs: AppContext['jobs'],
  cleanup: () => Promise<void>,
): Promise<void> {
  let stopping = false;
  let quickExits = 0;
  let announced = false;
  if (jobs) kickFromWorkers(jobs);
  const startedAt = new Map<number, number>();
  const listening = new Set<number>();

  const fork = () => {
    const w = cluster.fork(env);
    startedAt.set(w.id, Date.now());
    w.on('listening', () => {
      listening.add(w.id);
      quickExits = 0;
      if (!announced && listening.size >= count) {
        announced = true;
        banner();
      }
    });
  };

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    const gone = Promise.all(
      workers.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve())))),
    );
    for (const w of workers) w.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await gone;
    clearTimeout(timer);
    await cleanup();
    process.exit(code);
  };

  cluster.on('exit', (w, code, signal) => {
    listening.delete(w.id);
    if (stopping) return;
    const quick = Date.now() - (startedAt.get(w.id) ?? 0) < QUICK_EXIT_MS;
    startedAt.delete(w.id);
    quickExits = quick ? quickExits + 1 : 0;
    if (quickExits >= MAX_QUICK_EXITS) {
      log.fatal(
        { worker: w.process.pid, code, signal },
        `API workers failed to start ${MAX_QUICK_EXITS} times in a row; stopping`,
      );
      void stopAll(1);
      return;
    }
    log.warn({ worker: w.process.pid, code, signal }, 'an API worker ended; starting another');
    setTimeout(() => stopping || fork(), quick ? 1_000 : 0);
  });

  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  for (let i = 0; i < count; i += 1) fork();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
