/**
 * `npm run seed:demo`: fills an empty portal with a living demo network, on
 * the database the server uses (DATABASE_URL, or the PGlite folder DATA_DIR —
 * stop the server first: PGlite is one process). A few hundred members join
 * over the last 60 days, are funded, buy, repurchase, transfer and convert,
 * and every past day is closed by the plan (bench/demo/living-network.ts);
 * the admin adds a product catalogue with pictures, members redeem points
 * and ask for withdrawals, the admin decides some of each, and the last few
 * to join wait for their sponsor to place them. On the embedded chain (PGlite,
 * no CHAIN_RPC_URL) today's deposits are real and consolidated to the hot
 * wallet, and some withdrawals are paid from it by the payout job.
 * `--size N` members (300), `--days D` days (60). Running it again adds
 * nothing.
 *
 * `npm run seed:demo -- --members N [--chain K]`: a large network without
 * any activity instead (bench/lib/network-generator.ts), for trying the
 * network pages at scale: members demo1 … demoN form a balanced binary
 * network under the company root (demoK's sponsor and placement parent is
 * demo⌊(K-1)/2⌋, odd K on the left); `--chain K` adds democ1 … democK as a
 * chain down the outer left leg.
 *
 * Every demo member signs in with the printed demo password. Refused when
 * NODE_ENV=production or the network already has other members.
 */
import pino from 'pino';
import { hashPassword } from '../apps/api/src/auth/passwords';
import { ConfigError, loadConfig } from '../apps/api/src/platform/config';
import { newContext, type AppContext } from '../apps/api/src/context';
import { openDatabase, type Database } from '../apps/api/src/platform/db/database';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { createMailer } from '../apps/api/src/platform/mail/mailer';
import { lockDataFolder } from '../apps/api/src/setup/data-folder';
import { bootstrap, type BootstrapResult } from '../apps/api/src/setup/bootstrap';
import { realClock, simulatedClock, type DemoClock } from './demo/clock';
import { depositOnEmbeddedChain } from './demo/chain-deposits';
import { existingDemo, seedLivingNetwork } from './demo/living-network';
import { settingsFromEnv } from '../apps/api/src/platform/chain/config';
import { generateNetwork } from './lib/network-generator';

export const DEMO_PASSWORD = 'Demo-Network-2026!';
const DAY_MS = 86_400_000;

function option(name: string, fallback: number, max = 5_000_000): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new ConfigError(`--${name} must be a whole number between 0 and ${max.toLocaleString('en-US')}`);
  }
  return value;
}

const given = (name: string) => process.argv.includes(`--${name}`);

async function main() {
  const config = loadConfig();
  if (config.env === 'production')
    throw new ConfigError('seed:demo writes members with a known password: refused with NODE_ENV=production.');
  const networkOnly = given('members') || given('chain');
  const size = option('size', 300, 5_000);
  const days = Math.max(1, option('days', 60, 365));

  // The embedded database is one process's: refused while the portal runs on it.
  const lock = config.databaseUrl ? undefined : lockDataFolder(config.dataDir, 'seed:demo');
  // PGlite's clock is this process's: the history's clock is installed before it opens (demo/clock.ts).
  const clock: DemoClock =
    networkOnly || config.databaseUrl
      ? realClock()
      : simulatedClock(
          new Date(Date.parse(new Date().toISOString().slice(0, 10)) - (days - 1) * DAY_MS + 6 * 3_600_000),
        );
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const log = pino({ level: 'warn' });
    const ctx: AppContext = newContext({
      config,
      db,
      log,
      now: () => clock.now(),
      mailer: createMailer({ from: config.mailFrom, db, log }),
    });
    const setup = await bootstrap(ctx);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    const started = performance.now();
    const lines = networkOnly ? await seedNetworkOnly(db, where) : await seedLiving(ctx, clock, { size, days, where });
    lines.unshift(
      '',
      `  Done in ${((performance.now() - started) / 1000).toFixed(1)} s. This is demo data, for trying the portal out.`,
    );
    lines.push(...adminLine(setup));
    console.log(lines.join('\n') + '\n');
  } finally {
    await db.close();
    clock.release();
    lock?.release();
  }
}

async function seedLiving(
  ctx: AppContext,
  clock: DemoClock,
  options: { size: number; days: number; where: string },
): Promise<string[]> {
  // Said before any work: the demo is there already, or the network holds others (refused).
  if (!(await existingDemo(ctx))) {
    console.log(
      `Seeding a living demo network of ${options.size} members over ${clock.simulated ? `the last ${options.days} days` : 'today'} in ${options.where}…`,
    );
  }
  const outcome = await seedLivingNetwork(ctx, clock, {
    members: options.size,
    days: options.days,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    onProgress: (line) => console.log(line),
    chainToday: onTheChain(ctx, clock),
  });
  const s = outcome.summary;
  return [
    outcome.created ? '  Added:' : `  The demo was already seeded (${outcome.seededAt}); nothing was added. It holds:`,
    `    ${s.members} members (demo1 … demo${s.members}; demo1 and demo2 are the company's left and right), from ${s.firstDay}`,
    `    ${s.fundings} demo fundings (admin adjustments), ${s.purchases} package purchases with their referral bonuses,`,
    `    ${s.transfers} transfers, ${s.conversions} conversions, ${s.closes} daily closes (last: ${s.lastClose ?? 'none'}) with their matching bonuses,`,
    `    ${s.deposits} deposits of test USDT on the embedded chain on the last day, credited by the deposit watcher and consolidated (to the hot wallet first)`,
    `    ${s.products ?? 0} products with pictures; ${s.redemptionsPending ?? 0} redemptions pending, ${s.redemptionsApproved ?? 0} approved, ${s.redemptionsRejected ?? 0} rejected`,
    `    withdrawals: ${s.withdrawalsPending ?? 0} pending, ${s.withdrawalsPaid ?? 0} paid on the chain, ${s.withdrawalsRejected ?? 0} rejected` +
      (s.withdrawalsPaid ? '' : ' (withdrawals are paid only on the embedded chain: none were this time)'),
    ...(s.withdrawalSettings ? [`      (${s.withdrawalSettings}: see the audit log)`] : []),
    `    ${s.waiting ?? 0} members who joined without a side, waiting for their sponsor to place them`,
    `    ${s.ranks ?? 0} ranks, reached ${s.rankAchievements ?? 0} times by the daily closes, each one-time bonus paid once`,
    `  Every demo member signs in with the password: ${DEMO_PASSWORD}`,
  ];
}

/**
 * Today's deposits and payouts on the embedded chain, when this process may start it:
 * PGlite (the portal is stopped, its chain with it) and no CHAIN_RPC_URL
 * (test USDT exists only on the embedded chain). A chain that does not start
 * leaves the demo without them, saying why.
 */
function onTheChain(ctx: AppContext, clock: DemoClock) {
  const started = performance.now();
  if (!clock.simulated || settingsFromEnv(ctx.config.chain)) return undefined;
  return async ({
    deposits,
    approve,
  }: {
    deposits: Array<{ memberId: number; amount: bigint }>;
    approve: number[];
  }) => {
    try {
      console.log(
        `  history written in ${((performance.now() - started) / 1000).toFixed(1)} s; sending ${deposits.length} deposits of test USDT on the embedded chain…`,
      );
      const sent = performance.now();
      const done = await depositOnEmbeddedChain(ctx, deposits, approve);
      console.log(
        `  ${done.credited} deposits credited and ${done.paid} withdrawals paid in ${((performance.now() - sent) / 1000).toFixed(1)} s`,
      );
      return { deposits: done.credited, paid: done.paid };
    } catch (error) {
      console.log(
        `  no deposits on the chain: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
      return { deposits: 0, paid: 0 };
    }
  };
}

async function seedNetworkOnly(db: Database, where: string): Promise<string[]> {
  const members = option('members', 1_000);
  const chain = option('chain', 0);
  console.log(
    `Adding ${members.toLocaleString('en-US')} demo members${chain ? ` and a ${chain.toLocaleString('en-US')}-deep chain` : ''} to ${where} (no activity)…`,
  );
  await generateNetwork(db, {
    members,
    chain,
    prefix: 'demo',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    onStep: (step, ms) => console.log(`  ${step}: ${(ms / 1000).toFixed(1)} s`),
  });
  return [
    `  Demo members: demo1 … demo${members}${chain ? `, democ1 … democ${chain}` : ''} (demo1 and demo2 are the company's left and right).`,
    `  Every demo member signs in with the password: ${DEMO_PASSWORD}`,
  ];
}

function adminLine(setup: BootstrapResult): string[] {
  if (!setup.admin?.generatedPassword) return [];
  const kept = setup.admin.passwordFile ? ` (also in ${setup.admin.passwordFile})` : '';
  return [
    `  Admin account created. Sign in as "${setup.admin.username}" with password: ${setup.admin.generatedPassword}${kept}`,
  ];
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
