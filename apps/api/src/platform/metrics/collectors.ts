import { fromBaseUnits } from '@portal/contract';
import { Gauge, type Metric, type Registry } from 'prom-client';
import type { AppContext } from '../../context';
import { lastCloseRun } from '../../plan/close-timing';
import { upkeepRecord } from '../db/upkeep';
import type { ChainSnapshot } from './chain-snapshot';
import { PAYOUT_STATUSES } from '../../withdrawals/payout/lifecycle';
import { readLastClose, readPayoutFigures, readWatcherFigures } from './queries';
import { aboveCap } from '../../withdrawals/payout/hot-wallet';
import { readSettings } from '../../settings/in-force';
import { hotWalletNeeds } from '../../withdrawals/payout/hot-wallet';

/**
 * The gauges an operator alerts on, each read when Prometheus scrapes (its
 * `collect()`), never updated by the jobs: the database's figures once per
 * scrape (the collectors of one scrape share one read), the chain's at most
 * every 15 seconds (chain-snapshot.ts), the driver's from memory.
 * README.md, "Monitoring", lists them with suggested alerts.
 */

/**
 * USDT (or BNB) as a float, FOR MONITORING ONLY: a gauge is a float64, good
 * for a graph and an alert threshold, never for money logic (which is
 * bigint base units everywhere else, docs/decisions/0006-ledger.md).
 */
const asFloat = (baseUnits: bigint): number => Number(fromBaseUnits(baseUnits));

/** One read shared by the callers that ask while it runs: the collectors of one scrape. */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= read().finally(() => {
      running = undefined;
    }));
}

/**
 * A gauge without labels that has no sample while its figure does not exist
 * (before the first close, without a cursor, while the node does not
 * answer): prom-client's Gauge without labels always shows a value, and a 0
 * there would read as "fine".
 */
function optionalGauge(
  registry: Registry,
  name: string,
  help: string,
  read: () => Promise<number | undefined> | number | undefined,
): void {
  const metric = {
    name,
    help,
    type: 'gauge',
    aggregator: 'sum',
    async get() {
      const value = await read();
      return {
        name,
        help,
        type: 'gauge',
        aggregator: 'sum',
        values: value === undefined ? [] : [{ value, labels: {} }],
      };
    },
    reset() {},
  };
  registry.registerMetric(metric as unknown as Metric);
}

/** The database's figures of one scrape, read once for all its collectors. */
function databaseFigures(ctx: AppContext) {
  return shared(async () => {
    const [payouts, watcher, lastClose] = await Promise.all([
      readPayoutFigures(ctx),
      ctx.chain ? readWatcherFigures(ctx, ctx.chain) : undefined,
      readLastClose(ctx),
    ]);
    return { payouts, watcher, lastClose };
  });
}

type DatabaseFigures = ReturnType<typeof databaseFigures>;

/** Every gauge, registered in the order a scrape lists them; the chain's only with a chain. */
export function registerCollectors(ctx: AppContext, registry: Registry, chain: ChainSnapshot | undefined): void {
  const database = databaseFigures(ctx);
  registerDriverGauges(ctx, registry);
  registerUpkeepGauges(ctx, registry);
  registerPayoutGauges(registry, database);
  registerCloseGauges(ctx, registry, database);
  if (!ctx.chain || !chain) return;
  registerWatcherGauges(registry, chain, database);
  registerWalletGauges(ctx, registry, chain);
}

function registerDriverGauges(ctx: AppContext, registry: Registry): void {
  const registers = [registry];
  // The database driver (db/postgres.ts pool, db/pglite.ts mutex): from memory, no query; first, so that
  // they are read before this scrape's own queries wait for the database.
  new Gauge({
    name: 'portal_db_info',
    help: 'The database driver in use (always 1).',
    labelNames: ['driver'] as const,
    registers,
    collect() {
      this.set({ driver: ctx.db.kind }, 1);
    },
  });
  new Gauge({
    name: 'portal_db_waiting_requests',
    help: 'Statements and transactions waiting: for a pool connection (PostgreSQL), or behind the one connection (PGlite).',
    registers,
    collect() {
      this.set(ctx.db.stats().waiting);
    },
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections open (state="total") and idle (state="idle"); absent on PGlite.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = ctx.db.stats();
      if (stats.kind !== 'postgres') return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  optionalGauge(registry, 'portal_db_pool_max_connections', 'The PostgreSQL pool size; absent on PGlite.', () => {
    const stats = ctx.db.stats();
    return stats.kind === 'postgres' ? stats.max : undefined;
  });
}

function registerUpkeepGauges(ctx: AppContext, registry: Registry): void {
  const registers = [registry];
  // The tables' upkeep (db/upkeep.ts): this process's passes, from memory.
  new Gauge({
    name: 'portal_db_upkeep_passes',
    help: "This process's table upkeep passes that analyzed (or, on PGlite, vacuumed) tables.",
    registers,
    collect() {
      this.set(upkeepRecord(ctx).runs);
    },
  });
  new Gauge({
    name: 'portal_db_upkeep_tables',
    help: 'Tables analyzed (action="analyze") and vacuumed (action="vacuum", PGlite only) by this process\'s upkeep.',
    labelNames: ['action'] as const,
    registers,
    collect() {
      this.set({ action: 'analyze' }, upkeepRecord(ctx).analyzed);
      this.set({ action: 'vacuum' }, upkeepRecord(ctx).vacuumed);
    },
  });
  new Gauge({
    name: 'portal_db_upkeep_seconds',
    help: "Seconds this process's table upkeep passes took, all together.",
    registers,
    collect() {
      this.set(upkeepRecord(ctx).seconds);
    },
  });
  optionalGauge(
    registry,
    'portal_db_upkeep_last_duration_seconds',
    "How long this process's last table upkeep pass took; absent before its first.",
    () => upkeepRecord(ctx).last?.seconds,
  );
  optionalGauge(
    registry,
    'portal_db_upkeep_last_run_timestamp_seconds',
    "When this process's last table upkeep pass ended, in seconds since the epoch; absent before its first.",
    () => {
      const last = upkeepRecord(ctx).last;
      return last ? last.at.getTime() / 1000 : undefined;
    },
  );
}

function registerPayoutGauges(registry: Registry, database: DatabaseFigures): void {
  const registers = [registry];
  // The payout queue (withdrawals/payout/).
  new Gauge({
    name: 'portal_payouts',
    help: 'Payouts by state (queued, signed, broadcast, mined: still being sent; paid; failed).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const { payouts } = await database();
      for (const state of PAYOUT_STATUSES) this.set({ state }, payouts.byState[state]);
    },
  });
  new Gauge({
    name: 'portal_payouts_stuck',
    help: 'Payouts still being sent that were queued more than 30 minutes (or 10 fee bumps) ago.',
    registers,
    async collect() {
      this.set((await database()).payouts.stuck);
    },
  });
  new Gauge({
    name: 'portal_payout_oldest_live_age_seconds',
    help: 'Age of the oldest payout still being sent; 0 when none is.',
    registers,
    async collect() {
      this.set((await database()).payouts.oldestLiveSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'portal_withdrawals_failed',
    help: "Withdrawals whose payout failed, waiting for an admin's retry or refund.",
    registers,
    async collect() {
      this.set((await database()).payouts.failedWithdrawals);
    },
  });
}

function registerCloseGauges(ctx: AppContext, registry: Registry, database: DatabaseFigures): void {
  // The daily close (plan/close.ts).
  optionalGauge(
    registry,
    'portal_daily_close_last_run_timestamp_seconds',
    'When the last daily matching close ran (any process), in seconds since the epoch; absent before the first.',
    async () => (await database()).lastClose ?? undefined,
  );
  optionalGauge(
    registry,
    'portal_daily_close_last_duration_seconds',
    'How long the last daily close run by this process took; absent until this process runs one.',
    () => lastCloseRun(ctx)?.seconds,
  );
}

function registerWatcherGauges(registry: Registry, chain: ChainSnapshot, database: DatabaseFigures): void {
  const registers = [registry];
  // The deposit watcher (deposits/watcher.ts) and the chain: absent without a chain.
  new Gauge({
    name: 'portal_deposits_awaiting_finality',
    help: 'Deposits seen on chain and not final yet (credited once final).',
    registers,
    async collect() {
      this.set((await database()).watcher?.awaitingFinality ?? 0);
    },
  });
  optionalGauge(
    registry,
    'portal_deposit_watcher_last_check_age_seconds',
    "Seconds since the deposit watcher's last successful look at the node (any process); absent before its first.",
    async () => (await database()).watcher?.cursor?.checkedSecondsAgo ?? undefined,
  );
  new Gauge({
    name: 'portal_chain_up',
    help: 'Whether the last read of the node (at most every 15 s) succeeded.',
    registers,
    async collect() {
      this.set((await chain.figures()).ok ? 1 : 0);
    },
  });
  optionalGauge(registry, 'portal_chain_head_block', "The node's latest block (read at most every 15 s).", async () => {
    const figures = await chain.figures();
    return figures.ok ? Number(figures.head.number) : undefined;
  });
  optionalGauge(
    registry,
    'portal_deposit_watcher_cursor_block',
    'The last block the deposit watcher has credited (read with the head, at most every 15 s).',
    async () => {
      const figures = await chain.figures();
      return figures.ok && figures.cursor ? Number(figures.cursor.block) : undefined;
    },
  );
  optionalGauge(
    registry,
    'portal_deposit_watcher_lag_blocks',
    "Blocks between the node's head and the watcher's cursor (includes the finality depth the watcher waits for).",
    async () => {
      const figures = await chain.figures();
      return figures.ok && figures.cursor ? Number(figures.head.number - figures.cursor.block) : undefined;
    },
  );
  optionalGauge(
    registry,
    'portal_deposit_watcher_lag_seconds',
    "Seconds between the head block's time and the time of the watcher's cursor block.",
    async () => {
      const figures = await chain.figures();
      return figures.ok && figures.cursor ? Number(figures.head.timestamp - figures.cursor.timestamp) : undefined;
    },
  );
}

/** The wallets' balances and the reconciliation (at most every 15 s, chain-snapshot.ts). */
function registerWalletGauges(ctx: AppContext, registry: Registry, chain: ChainSnapshot): void {
  const registers = [registry];
  new Gauge({
    name: 'portal_wallet_balance_usdt',
    help: 'Token balance of the treasury, hot and gas wallets, in USDT (a float for monitoring only; read at most every 15 s).',
    labelNames: ['wallet'] as const,
    registers,
    async collect() {
      this.reset();
      const figures = await chain.figures();
      if (figures.ok) for (const w of figures.wallets) this.set({ wallet: w.role }, asFloat(w.token));
    },
  });
  new Gauge({
    name: 'portal_wallet_balance_bnb',
    help: 'BNB (gas) balance of the treasury, hot and gas wallets (a float for monitoring only; read at most every 15 s).',
    labelNames: ['wallet'] as const,
    registers,
    async collect() {
      this.reset();
      const figures = await chain.figures();
      if (figures.ok) for (const w of figures.wallets) this.set({ wallet: w.role }, asFloat(w.bnb));
    },
  });
  optionalGauge(
    registry,
    'portal_hot_wallet_above_cap_usdt',
    'What the hot wallet holds above what withdrawals need plus its cap (the hotWalletCap setting; 0 without a cap): on its way back to the treasury, or for the operator to move where the treasury is cold.',
    async () => {
      const figures = await chain.figures();
      const hot = figures.ok ? figures.wallets.find((w) => w.role === 'hot') : undefined;
      if (!hot) return undefined;
      const [settings, needs] = await Promise.all([readSettings(ctx.db), hotWalletNeeds(ctx.db)]);
      return asFloat(aboveCap(settings, hot.token, needs.owed + needs.pendingNet));
    },
  );
  optionalGauge(
    registry,
    'portal_reconciliation_difference_usdt',
    'USDT on chain minus what the ledger expects there (deposits/wallets.ts reconcile; a float for monitoring only; every 15 s at most).',
    async () => {
      const r = await chain.reconciliation();
      return r.ok ? asFloat(r.difference) : undefined;
    },
  );
  optionalGauge(
    registry,
    'portal_reconciliation_unexplained_usdt',
    'The part of the reconciliation difference that deposits not final yet or below the minimum do not explain (should be 0).',
    async () => {
      const r = await chain.reconciliation();
      return r.ok ? asFloat(r.unexplained) : undefined;
    },
  );
}
