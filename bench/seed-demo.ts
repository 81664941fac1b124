/**
 * `npm run seed:demo -- --members N [--chain K]`: fills an empty portal with
 * a demo network, on the database the server would use (DATABASE_URL, or the
 * PGlite folder DATA_DIR — stop the server first: PGlite is one process).
 *
 * Members demo1 … demoN form a balanced binary network under the company
 * root: demoK's sponsor and placement parent is demo⌊(K-1)/2⌋ (the company
 * for demo1 and demo2), odd K on the left; `--chain K` adds members democ1 … democK as a chain down the
 * network's outer left leg. Every demo member signs in with the printed demo
 * password. Refused when NODE_ENV=production or the network is not empty.
 */
import pino from 'pino';
import { hashPassword } from '../apps/api/src/auth/passwords';
import { ConfigError, loadConfig } from '../apps/api/src/config';
import type { AppContext } from '../apps/api/src/context';
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { createMailer } from '../apps/api/src/mail/mailer';
import { lockDataFolder } from '../apps/api/src/setup/data-folder';
import { bootstrap } from '../apps/api/src/setup/bootstrap';
import { generateNetwork } from './lib/network-generator';

export const DEMO_PASSWORD = 'Demo-Network-2026!';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0 || value > 5_000_000) {
    throw new ConfigError(`--${name} must be a whole number between 0 and 5,000,000`);
  }
  return value;
}

async function main() {
  const members = option('members', 1_000);
  const chain = option('chain', 0);
  const config = loadConfig();
  if (config.env === 'production') throw new ConfigError('seed:demo writes members with a known password: refused with NODE_ENV=production.');

  // The embedded database is one process's: refused while the portal runs on it.
  const lock = config.databaseUrl ? undefined : lockDataFolder(config.dataDir, 'seed:demo');
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const log = pino({ level: 'warn' });
    const ctx: AppContext = { config, db, log, now: () => new Date(), mailer: createMailer({ from: config.mailFrom, db, log }) };
    const setup = await bootstrap(ctx);

    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`Adding ${members.toLocaleString('en-US')} demo members${chain ? ` and a ${chain.toLocaleString('en-US')}-deep chain` : ''} to ${where}…`);
    const started = performance.now();
    await generateNetwork(db, {
      members,
      chain,
      prefix: 'demo',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      onStep: (step, ms) => console.log(`  ${step}: ${(ms / 1000).toFixed(1)} s`),
    });

    const lines = [
      '',
      `  Done in ${((performance.now() - started) / 1000).toFixed(1)} s. This is demo data, for trying the portal out.`,
      `  Demo members: demo1 … demo${members}${chain ? `, democ1 … democ${chain}` : ''} (demo1 and demo2 are the company's left and right).`,
      `  Every demo member signs in with the password: ${DEMO_PASSWORD}`,
    ];
    if (setup.admin?.generatedPassword) {
      lines.push(`  Admin account created. Sign in as "${setup.admin.username}" with password: ${setup.admin.generatedPassword}`);
    }
    console.log(lines.join('\n') + '\n');
  } finally {
    await db.close();
    lock?.release();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
