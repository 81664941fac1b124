import { fromBaseUnits, toBaseUnits } from '@portal/contract';
import type { Actor } from '../../apps/api/src/audit/write-audit';
import { writeAudit } from '../../apps/api/src/audit/write-audit';
import type { AppContext } from '../../apps/api/src/context';
import { convertToPoints } from '../../apps/api/src/conversions/convert-to-points';
import { adjustMemberWallet } from '../../apps/api/src/members/adjust-member-wallet';
import { rollUpNetwork } from '../../apps/api/src/network/rollup';
import { joinNetwork } from '../../apps/api/src/network/placement';
import type { Side } from '../../apps/api/src/network/paths';
import { closeDay, dueDay, utcDay } from '../../apps/api/src/plan/close';
import { buyPackage } from '../../apps/api/src/purchases/buy-package';
import { readSettings } from '../../apps/api/src/settings/in-force';
import { AppError } from '../../apps/api/src/shared/errors';
import { createTransfer } from '../../apps/api/src/transfers/create-transfer';
import type { DemoClock } from './clock';
import { demoName, randomFrom, shuffle, type Random } from './random';
import { addCatalogue } from './catalogue';
import { addDemoRanks } from './ranks';
import { decideRedemptions, redeemSome } from './redemptions';
import { requestDemoWithdrawals, saveWithdrawalAddresses } from './withdrawals';
import { sql } from '../../apps/api/src/platform/db/sql';

/**
 * A living demo network: members join over the last `days` days under one
 * another, are funded, buy packages, repurchase, send each other USDT and
 * convert income to points, and each day is closed by the plan's own close,
 * paying the matching bonus. Every step calls the portal's services (the
 * ledger, purchases with their referral bonuses, transfers, conversions,
 * admin adjustments, the close); nothing is written to a money table here.
 *
 * Funding is an admin adjustment whose memo says it is demo funding: the
 * history starts weeks ago and a chain's blocks cannot be dated in the past
 * (docs/decisions/0016-living-demo-data.md). Today's deposits can be
 * real: `chainToday` sends them on the chain at the end, and pays some of
 * the withdrawals asked today.
 *
 * The admin adds a product catalogue with pictures on the first day
 * (catalogue.ts); members redeem points for products and the admin decides
 * the earlier days' redemptions (redemptions.ts); members with income ask
 * for withdrawals on the last day, some rejected (withdrawals.ts); the last
 * few to join pick no side and wait for their sponsor to place them.
 *
 * With a simulated clock (PGlite) each step happens at its moment of the
 * day and each day is closed the next morning, as the scheduler would;
 * with a real clock (a PostgreSQL server) everything happens now and the
 * one close at the end is today's, closed early by the admin.
 */
export interface LivingDemoOptions {
  members: number;
  days: number;
  /** argon2 hash of the demo password, shared by every demo member. */
  passwordHash: string;
  prefix?: string;
  seed?: number;
  onProgress?: (line: string) => void;
  /**
   * The chain's part at the end, today (seed-demo.ts passes the embedded
   * chain's): credits `deposits` through the chain and the deposit watcher,
   * approves the withdrawals `approve` names and pays them by the payout job;
   * answers how many deposits were credited and withdrawals paid.
   */
  chainToday?: (work: {
    deposits: Array<{ memberId: number; amount: bigint }>;
    approve: number[];
  }) => Promise<{ deposits: number; paid: number }>;
}

export interface LivingDemoSummary {
  members: number;
  fundings: number;
  purchases: number;
  transfers: number;
  conversions: number;
  /** Deposits credited by the deposit watcher from the chain (today's). */
  deposits: number;
  closes: number;
  firstDay: string;
  lastClose: string | null;
  /** Products added with their pictures. */
  products: number;
  redemptionsPending: number;
  redemptionsApproved: number;
  redemptionsRejected: number;
  withdrawalsPending: number;
  /** Approved and paid by the payout job on the chain (none without the chain). */
  withdrawalsPaid: number;
  withdrawalsRejected: number;
  /** Settings the admin switched off for the withdrawal requests and back on, in words ('' when none). */
  withdrawalSettings: string;
  /** Members who joined without a side, waiting for their sponsor to place them. */
  waiting: number;
  /** The ranks added, and the achievements the closes found (each paid its one-time bonus once). */
  ranks: number;
  rankAchievements: number;
}

export type LivingDemoOutcome =
  { created: true; summary: LivingDemoSummary } | { created: false; seededAt: string; summary: LivingDemoSummary };

export const DEMO_AUDIT_ACTION = 'demo.seed';
const DAY_MS = 86_400_000;
/** Packages by how often a new member picks them (the catalogue's order: price ascending). */
const PACKAGE_WEIGHTS = [45, 30, 20, 5];

/**
 * Whether the demo is already there (the audit row written when a run
 * finished), refused when the network has other members or an unfinished
 * demo, else nothing: the caller seeds.
 */
export async function existingDemo(
  ctx: AppContext,
): Promise<{ seededAt: string; summary: LivingDemoSummary } | undefined> {
  const { rows } = await ctx.db.query<{
    members: number;
    created_at: Date | null;
    details: { figures: LivingDemoSummary } | null;
  }>(
    sql`SELECT (SELECT count(*)::int FROM members WHERE sponsor_id IS NOT NULL) AS members, a.created_at, a.details
       FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT created_at, details FROM audit_log WHERE action = ${DEMO_AUDIT_ACTION} ORDER BY id DESC LIMIT 1) a ON true`,
  );
  const row = rows[0]!;
  if (row.details && row.created_at)
    return { seededAt: new Date(row.created_at).toISOString(), summary: row.details.figures };
  if (row.members > 0) {
    throw new Error(
      `The network is not empty (${row.members} members besides the root) and holds no finished demo: ` +
        'seed:demo fills an empty portal only. Start over with an empty DATA_DIR (or a new database) to seed it.',
    );
  }
  return undefined;
}

export async function seedLivingNetwork(
  ctx: AppContext,
  clock: DemoClock,
  options: LivingDemoOptions,
): Promise<LivingDemoOutcome> {
  const existing = await existingDemo(ctx);
  if (existing) return { created: false, ...existing };

  const { db } = ctx;
  const log = options.onProgress ?? (() => {});
  const prefix = options.prefix ?? 'demo';
  const random = randomFrom(options.seed ?? 2026);
  const admin = await adminActor(ctx);
  const packages = (
    await db.query<{ id: number; price: string }>(
      sql`SELECT id, price::text AS price FROM packages WHERE active ORDER BY price, id`,
    )
  ).rows;
  if (packages.length === 0) throw new Error('No active package to buy: add one under Packages first.');
  const settings = await readSettings(db);
  const conversionMinimum = toBaseUnits(settings.conversionMinimum);

  const today = Date.parse(utcDay(clock.realNow()));
  const firstDay = clock.simulated ? today - (options.days - 1) * DAY_MS : today;
  const root = (await db.query<{ user_id: number }>(sql`SELECT user_id FROM members WHERE sponsor_id IS NULL`)).rows[0]!
    .user_id;

  const joined: number[] = [];
  const nextSide = new Map<number, Side>();
  /** Deposit balances as the services answered them: who can afford a transfer. */
  const deposit = new Map<number, bigint>();
  const active = new Set<number>();
  const summary: LivingDemoSummary = {
    members: 0,
    fundings: 0,
    purchases: 0,
    transfers: 0,
    conversions: 0,
    deposits: 0,
    closes: 0,
    firstDay: utcDay(new Date(firstDay)),
    lastClose: null,
    products: 0,
    redemptionsPending: 0,
    redemptionsApproved: 0,
    redemptionsRejected: 0,
    withdrawalsPending: 0,
    withdrawalsPaid: 0,
    withdrawalsRejected: 0,
    withdrawalSettings: '',
    waiting: 0,
    ranks: 0,
    rankAchievements: 0,
  };
  const catalogue = await addCatalogue(ctx, admin);
  summary.products = catalogue.length;
  // Three ranks before the first day: the closes below find who reaches them (ranks/evaluate.ts).
  summary.ranks = await addDemoRanks(ctx, admin);
  /** Redemptions not decided yet, with the day they were made: the next day's admin decides them. */
  let undecided: Array<{ id: number; day: number }> = [];
  let withdrawers: number[] = [];
  // The last few to join pick no side: they wait for their sponsor, with the volume of what they bought.
  const firstWaiting =
    options.members - Math.min(options.members - 2, Math.max(2, Math.round(options.members * 0.02))) + 1;

  const fund = async (memberId: number, amount: bigint, why: string) => {
    const answer = await adjustMemberWallet(ctx, admin, memberId, {
      wallet: 'deposit',
      direction: 'credit',
      amount: fromBaseUnits(amount),
      reason: `Demo funding (seed:demo): ${why}. No USDT was received for it.`,
      // What the member reads in their history: demo money, said plainly.
      memo: 'Demo funding (seed:demo). No USDT was received for it.',
    });
    deposit.set(memberId, toBaseUnits(answer.body.balance));
    summary.fundings += 1;
  };

  const buy = async (memberId: number, pkg: { id: number; price: string }) => {
    await buyPackage(ctx, { memberId, body: { packageId: pkg.id } });
    deposit.set(memberId, (deposit.get(memberId) ?? 0n) - BigInt(pkg.price));
    active.add(memberId);
    summary.purchases += 1;
  };

  const join = async (index: number) => {
    const sponsorId = index <= 2 ? root : pickSponsor(random, joined);
    const side =
      index <= 2
        ? index === 1
          ? 'left'
          : 'right'
        : index >= firstWaiting
          ? null
          : sideFor(random, nextSide, sponsorId);
    const username = `${prefix}${index}`;
    const memberId = await db.transaction(async (tx) => {
      // What registration writes (auth/register.ts), with the demo password's hash made once.
      const { rows } = await tx.query<{ id: number }>(
        sql`INSERT INTO users (username, email, full_name, password_hash, role) VALUES (${username}, ${`${username}@example.invalid`}, ${demoName(index)}, ${options.passwordHash}, 'member') RETURNING id`,
      );
      const id = rows[0]!.id;
      await tx.query(
        sql`INSERT INTO members (user_id, sponsor_id, requested_side) VALUES (${id}, ${sponsorId}, ${side})`,
      );
      await joinNetwork(tx, { memberId: id, sponsorId, side: side ?? undefined });
      return id;
    });
    joined.push(memberId);
    summary.members += 1;
    if (side === null) summary.waiting += 1;
    // Most newcomers fund and buy a package the day they join; some only look around.
    const roll = random();
    if (roll < 0.9) {
      const pkg = packages[Math.min(packages.length - 1, weighted(random, PACKAGE_WEIGHTS))]!;
      const extra = toBaseUnits(String([0, 50, 100, 250][Math.floor(random() * 4)]));
      await fund(memberId, BigInt(pkg.price) + extra, 'first deposit');
      await buy(memberId, pkg);
    } else if (roll < 0.95) {
      await fund(memberId, toBaseUnits('50'), 'first deposit, no package yet');
    }
  };

  const repurchase = async (memberId: number) => {
    const pkg = packages[Math.min(packages.length - 1, weighted(random, PACKAGE_WEIGHTS))]!;
    const balance = deposit.get(memberId) ?? 0n;
    if (balance < BigInt(pkg.price)) await fund(memberId, BigInt(pkg.price) - balance, 'top-up for a repurchase');
    await buy(memberId, pkg);
  };

  const transfer = async () => {
    const amount = toBaseUnits(String([10, 20, 25, 40, 50, 100][Math.floor(random() * 6)]));
    const senders = joined.filter((id) => (deposit.get(id) ?? 0n) >= amount);
    if (senders.length === 0 || joined.length < 2) return;
    const from = senders[Math.floor(random() * senders.length)]!;
    let to = joined[Math.floor(random() * joined.length)]!;
    if (to === from) to = joined[(joined.indexOf(from) + 1) % joined.length]!;
    const receiver = await usernameOf(ctx, to);
    const answer = await createTransfer(ctx, {
      memberId: from,
      body: { toUsername: receiver, amount: fromBaseUnits(amount) },
    });
    deposit.set(from, (deposit.get(from) ?? 0n) - amount);
    deposit.set(to, (deposit.get(to) ?? 0n) + toBaseUnits(answer.body.received));
    summary.transfers += 1;
  };

  const convert = async (count: number) => {
    // Income comes from bonuses the services paid: ask the books who has some.
    const { rows } = await db.query<{ owner_id: number; balance: string }>(
      sql`SELECT owner_id, balance::text AS balance FROM ledger_accounts
        WHERE kind = 'member' AND wallet = 'income' AND balance >= ${(conversionMinimum * 2n).toString()} ORDER BY owner_id`,
    );
    for (const row of shuffle(random, rows).slice(0, count)) {
      const whole = (BigInt(row.balance) * BigInt(20 + Math.floor(random() * 40))) / 100n / 10n ** 18n;
      const amount = whole * 10n ** 18n;
      if (amount < conversionMinimum) continue;
      await convertToPoints(ctx, row.owner_id, fromBaseUnits(amount));
      summary.conversions += 1;
    }
  };

  const decideEarlierRedemptions = async (day: number) => {
    const earlier = undecided.filter((r) => r.day < day).map((r) => r.id);
    if (earlier.length === 0) return;
    const decided = await decideRedemptions(
      ctx,
      admin,
      earlier,
      summary.redemptionsApproved + summary.redemptionsRejected,
    );
    summary.redemptionsApproved += decided.approved;
    summary.redemptionsRejected += decided.rejected;
    undecided = undecided.filter((r) => r.day >= day);
  };

  const joinDay = (index: number) =>
    index <= 2
      ? 0
      : Math.min(options.days - 1, Math.floor(options.days * Math.pow((index - 1) / options.members, 0.7)));
  let nextMember = 1;
  for (let day = 0; day < options.days; day += 1) {
    const dayStart = firstDay + day * DAY_MS;
    const steps: Array<{ join: boolean; run: () => Promise<void> }> = [];
    while (nextMember <= options.members && joinDay(nextMember) === day) {
      const index = nextMember++;
      steps.push({ join: true, run: () => join(index) });
    }
    const established = [...active];
    for (const memberId of established)
      if (random() < 0.012) steps.push({ join: false, run: () => repurchase(memberId) });
    const transfers = Math.round(established.length * 0.03) + (established.length > 1 ? 1 : 0);
    for (let t = 0; t < transfers; t += 1) steps.push({ join: false, run: transfer });
    if (day > 0) steps.push({ join: false, run: () => convert(1 + Math.floor(established.length / 60)) });
    if (day > 0) {
      const count = 1 + Math.floor(established.length / 80);
      steps.push({
        join: false,
        run: async () => {
          for (const id of await redeemSome(ctx, random, catalogue, count)) undecided.push({ id, day });
        },
      });
      steps.push({ join: false, run: () => decideEarlierRedemptions(day) });
    }
    // Addresses saved three days before the withdrawals, so their hold has passed (withdrawals.ts); on a
    // server's clock no day passes (the hold is switched off for the requests): saved on the last round, when most have income.
    if (day === (clock.simulated ? Math.max(0, options.days - 3) : options.days - 1)) {
      steps.push({
        join: false,
        run: async () => {
          withdrawers = await saveWithdrawalAddresses(ctx, random, 8);
        },
      });
    }

    // The day's work between 07:00 and 21:00, in order, each at its own moment.
    for (const [k, step] of shuffleKeepingJoins(random, steps).entries()) {
      clock.moveTo(new Date(dayStart + 7 * 3_600_000 + Math.floor(((k + random()) / steps.length) * 14 * 3_600_000)));
      await refusedIsSkipped(step);
    }
    // The close of each past day, once it is due, as the portal's scheduler does it.
    const date = utcDay(new Date(dayStart));
    if (clock.simulated && day < options.days - 1) {
      clock.moveTo(new Date(dayStart + DAY_MS + closeOffsetMs(settings.closeTimeUtc) + 60_000));
      if (dueDay(clock.now(), settings.closeTimeUtc) >= date) {
        await closeDay(ctx, date, null);
        summary.closes += 1;
        summary.lastClose = date;
      }
    }
    if (day % 10 === 9)
      log(
        `  ${clock.simulated ? 'day' : 'round'} ${day + 1}/${options.days}: ${summary.members} members, ${summary.purchases} purchases`,
      );
  }
  if (!clock.simulated) {
    const date = utcDay(clock.now());
    await closeDay(ctx, date, admin);
    summary.closes += 1;
    summary.lastClose = date;
  }
  summary.redemptionsPending = undecided.length;
  const holdPassed = clock.simulated && options.days >= 4 && Number(settings.withdrawalAddressHoldHours) <= 48;
  const withdrawals = await requestDemoWithdrawals(ctx, admin, withdrawers, holdPassed);
  summary.withdrawalsRejected = withdrawals.rejected;
  summary.withdrawalSettings = withdrawals.settingsNote;
  summary.withdrawalsPending = withdrawals.pending.length;
  if (options.chainToday) {
    const depositors = shuffle(random, joined).slice(0, Math.min(12, joined.length));
    // Half of the pending withdrawals (the older ones) approved and paid on the chain, the rest left for the queue.
    const approve = withdrawals.pending.slice(0, Math.floor(withdrawals.pending.length / 2));
    const done = await options.chainToday({
      deposits: depositors.map((memberId) => ({
        memberId,
        amount: toBaseUnits(String(50 * (1 + Math.floor(random() * 6)))),
      })),
      approve,
    });
    summary.deposits = done.deposits;
    summary.withdrawalsPaid = done.paid;
    const { rows } = await db.query<{ pending: number }>(
      sql`SELECT count(*)::int AS pending FROM withdrawals WHERE id = ANY(${withdrawals.pending}::bigint[]) AND status = 'pending'`,
    );
    summary.withdrawalsPending = rows[0]!.pending;
  }
  // Today's volume reaches the legs as the portal's roll-up would bring it, within a second.
  await rollUpNetwork(db);
  summary.rankAchievements = (
    await db.query<{ reached: number }>(sql`SELECT count(*)::int AS reached FROM rank_achievements`)
  ).rows[0]!.reached;
  await db.transaction((tx) =>
    writeAudit(tx, {
      actor: admin,
      action: DEMO_AUDIT_ACTION,
      targetType: 'demo',
      targetId: prefix,
      // `summary` is the line the audit page shows; `figures` what a later run reports.
      details: { summary: describeDemo(summary, clock.simulated), figures: summary, simulatedHistory: clock.simulated },
    }),
  );
  return { created: true, summary };
}

function describeDemo(s: LivingDemoSummary, simulated: boolean): string {
  return (
    `Demo data (seed:demo) from ${s.firstDay}${simulated ? '' : ' (all at the time of seeding)'}: ${s.members} members, ${s.fundings} demo fundings, ` +
    `${s.purchases} purchases, ${s.transfers} transfers, ${s.conversions} conversions, ${s.deposits} chain deposits, ${s.closes} daily closes, ` +
    `${s.products} products, ${s.redemptionsPending + s.redemptionsApproved + s.redemptionsRejected} redemptions, ` +
    `${s.withdrawalsPending + s.withdrawalsPaid + s.withdrawalsRejected} withdrawals, ${s.waiting} members waiting for placement`
  );
}

async function adminActor(ctx: AppContext): Promise<Actor> {
  const { rows } = await ctx.db.query<{ id: number }>(
    sql`SELECT id FROM users WHERE role = 'admin' AND status = 'active' ORDER BY id LIMIT 1`,
  );
  if (!rows[0]) throw new Error('No active admin account: start the portal once first (it creates one).');
  return { userId: rows[0].id, ip: null };
}

async function usernameOf(ctx: AppContext, id: number): Promise<string> {
  return (await ctx.db.query<{ username: string }>(sql`SELECT username FROM users WHERE id = ${id}`)).rows[0]!.username;
}

/** A step the portal refuses (a balance that a conversion or transfer no longer covers) is left out, as a member would give up. */
async function refusedIsSkipped(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 422) throw error;
  }
}

function closeOffsetMs(closeTimeUtc: string): number {
  const [h, m] = closeTimeUtc.split(':').map(Number) as [number, number];
  return (h * 60 + m) * 60_000;
}

/** Sponsors: half of the time one of the first tenth (the builders), else anyone already in. */
function pickSponsor(random: Random, joined: number[]): number {
  const builders = Math.max(1, Math.ceil(joined.length / 10));
  const pool = random() < 0.5 ? builders : joined.length;
  return joined[Math.floor(random() * pool)]!;
}

/** Mostly alternating legs per sponsor, so both legs grow and matching pays. */
function sideFor(random: Random, nextSide: Map<number, Side>, sponsorId: number): Side {
  const side = nextSide.get(sponsorId) ?? (random() < 0.5 ? 'left' : 'right');
  nextSide.set(sponsorId, side === 'left' ? 'right' : 'left');
  return random() < 0.15 ? (side === 'left' ? 'right' : 'left') : side;
}

function weighted(random: Random, weights: number[]): number {
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    if ((r -= w) < 0) return i;
  }
  return weights.length - 1;
}

/** The day's steps mixed, the joins kept in their order (the first two members come before everyone). */
function shuffleKeepingJoins(
  random: Random,
  steps: Array<{ join: boolean; run: () => Promise<void> }>,
): Array<() => Promise<void>> {
  const mixed = shuffle(random, steps);
  const joins = steps.filter((step) => step.join);
  let next = 0;
  return mixed.map((step) => (step.join ? joins[next++]! : step).run);
}
