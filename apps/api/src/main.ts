import path from 'node:path';
import pino from 'pino';
import { ConfigError, deviceCookieKeyFrom, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate, MigrationChangedError } from './db/migrate';
import { createMailer } from './mail/mailer';
import { bootstrap } from './setup/bootstrap';
import { buildApp } from './app';
import type { AppContext } from './context';
import { startPlanScheduler } from './plan/close';
import { DataFolderLockedError, lockDataFolder, persistentJwtSecret, type DataFolderLock } from './setup/data-folder';
import { watchSettings } from './settings/service';
import { startPayoutJob } from './withdrawals/payout/job';
import { createChain } from './chain';
import { settingsFromEnv } from './chain/config';
import { startEmbeddedChain, type EmbeddedChain } from './chain/embedded';
import { createDepositWatcher } from './deposits/watcher';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({
    level: config.logLevel,
    // Credentials never reach a log line, whatever logs them by mistake.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken', '*.token'],
  });

  // The embedded database is one process's: a second one on the same folder loses data.
  let lock: DataFolderLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataFolder(config.dataDir);
    } catch (error) {
      if (error instanceof DataFolderLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  // Without JWT_SECRET, one secret kept in the data folder: sign-ins survive a restart.
  if (config.jwtSecretGenerated) {
    config.jwtSecret = persistentJwtSecret(config.dataDir);
    if (config.deviceCookieKeyDerived) config.deviceCookieKey = deviceCookieKeyFrom(config.jwtSecret);
  }
  // The embedded anvil (its state in DATA_DIR), once started below.
  let embedded: EmbeddedChain | undefined;
  // Until the shutdown below is in place, a signal still ends the process,
  // the embedded chain stopped first with SIGTERM so that it writes its
  // state (chain/anvil.ts; a SIGKILL would lose its last second).
  const exitEarly = () => void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
  process.on('SIGINT', exitEarly);
  process.on('SIGTERM', exitEarly);

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let migrated;
  try {
    migrated = await migrate(db);
  } catch (error) {
    // An edited migration: nothing was changed; say which file, as for a locked data folder.
    if (error instanceof MigrationChangedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (migrated.migrations.length || migrated.functions.length) log.info(migrated, 'database migrated');

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log, outboxDir: path.join(config.dataDir, 'outbox') });
  const ctx: AppContext = { config, db, log, now: () => new Date(), mailer };

  // The chain: CHAIN_RPC_URL's, or the embedded anvil (its state in DATA_DIR).
  let chainSettings = settingsFromEnv(config.chain);
  if (!chainSettings) {
    try {
      embedded = await startEmbeddedChain(config.dataDir, config.chain);
      chainSettings = embedded.settings;
    } catch (error) {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'the embedded chain did not start; deposits are unavailable');
    }
  }
  if (chainSettings) ctx.chain = createChain(chainSettings);
  const setup = await bootstrap(ctx);
  // Printed in the same step that created the admin, before anything that can
  // fail (listen); the password is also in an owner-only file under DATA_DIR.
  // Printed, not logged: the generated password must not end up in log storage.
  if (setup.admin?.generatedPassword) {
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

  await watchSettings(db);
  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });

  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const lines = [
    '',
    `  Members portal is running at ${address}`,
    `  API docs: ${address}/api/docs`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  ];
  if (setup.admin && !setup.admin.generatedPassword) {
    lines.push(`  Admin account created. Sign in as "${setup.admin.username}" with the password from ADMIN_PASSWORD.`);
  } else if (!setup.admin) {
    lines.push(`  Sign in with your admin account ("${config.adminUsername}" by default; \`npm run admin:reset-password\` if the password is lost).`);
  }
  if (embedded) {
    lines.push(`  Chain: embedded anvil at ${embedded.info.rpcUrl} (chain id ${embedded.info.chainId}), test USDT at ${embedded.info.tokenAddress}`);
    lines.push('  Send test USDT to a deposit address: npm run chain:send -- <address> <amount>');
  } else if (chainSettings) {
    lines.push(`  Chain: ${chainSettings.chainId} via CHAIN_RPC_URL, token ${chainSettings.tokenAddress}`);
  } else {
    lines.push('  Chain: not running (see the log); deposits are unavailable.');
  }
  if (config.jwtSecretGenerated) {
    lines.push(`  JWT_SECRET is not set: the secret kept in ${config.dataDir} signs the sign-ins (set JWT_SECRET when several processes share one database).`);
  }
  if (!config.smtpUrl) lines.push(`  SMTP_URL is not set: mail is written to ${path.join(config.dataDir, 'outbox')}.`);
  console.log(lines.join('\n') + '\n');

  // The daily matching close at the configured time (PRODUCT.md §5).
  const stopScheduler = startPlanScheduler(ctx);
  // The deposit watcher (deposits/watcher.ts): in every process, one at a time through the database.
  const watcher = ctx.chain ? createDepositWatcher(ctx, ctx.chain) : undefined;
  watcher?.start();

  const payouts = startPayoutJob(ctx, ctx.chain?.settings.pollMs);

  const shutdown = async () => {
    try {
      stopScheduler();
      await watcher?.stop();
      await payouts.stop();
      await app.close();
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
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
