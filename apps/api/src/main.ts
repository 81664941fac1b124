import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { createMailer } from './mail/mailer';
import { bootstrap } from './setup/bootstrap';
import { buildApp } from './app';
import type { AppContext } from './context';
import { startPlanScheduler } from './plan/close';

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

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');

  const ctx: AppContext = { config, db, log, now: () => new Date(), mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log }) };
  const setup = await bootstrap(ctx);
  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });

  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const lines = [
    '',
    `  Members portal is running at ${address}`,
    `  API docs: ${address}/api/docs`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  ];
  if (setup.admin?.generatedPassword) {
    lines.push(`  Admin account created. Sign in as "${setup.admin.username}" with password: ${setup.admin.generatedPassword}`);
    lines.push('  (shown only this once; set ADMIN_PASSWORD before the first start to choose it)');
  } else if (setup.admin) {
    lines.push(`  Admin account created. Sign in as "${setup.admin.username}" with the password from ADMIN_PASSWORD.`);
  } else {
    lines.push(`  Sign in with your admin account (created on the first start, "${config.adminUsername}" by default).`);
  }
  if (config.jwtSecretGenerated) {
    lines.push('  JWT_SECRET is not set: sign-ins last only until this process stops.');
  }
  // Printed, not logged: the generated password must not end up in log storage.
  console.log(lines.join('\n') + '\n');

  // The daily matching close at the configured time (PRODUCT.md §5).
  const stopScheduler = startPlanScheduler(ctx);

  const shutdown = async () => {
    stopScheduler();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
