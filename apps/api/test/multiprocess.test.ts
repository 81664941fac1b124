import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { Secret, TOTP } from 'otpauth';
import { ConfigError, DEFAULT_WEB_CONCURRENCY, loadConfig } from '../src/platform/config';
import { openDatabase, type Database } from '../src/platform/db/database';
import { migrate } from '../src/platform/db/migrate';
import { bootstrap } from '../src/setup/bootstrap';
import { newContext, type AppContext } from '../src/context';
import pino from 'pino';
import { sql } from '../src/platform/db/sql';
import { startTestChain, type TestChain } from './platform/chain/chain-helpers';
import { freePort } from '../src/platform/chain/anvil';
import { ADMIN_PASSWORD, ROOT, basic } from './harness';
import { assertBooksConsistent } from './ledger/ledger-helpers';
import { day, maintainedLegs, rebuildLegs } from './plan/plan-helpers';
import { scratchDatabase } from '../src/platform/db/scratch-database';

/**
 * Several API processes on one PostgreSQL database
 * (docs/decisions/0030-several-processes.md): real processes running
 * `src/main.ts`, each on its own port, one scratch database, one anvil node.
 * They serve each other's sign-ins, and every background job (deposit
 * watcher, payouts, roll-up, daily close, consolidation) happens once
 * whichever of them runs it, even when one is killed in the middle of it.
 */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const JWT_SECRET = 'multiprocess-secret-that-is-long-enough-0123';
const TOTP_KEY = randomBytes(32).toString('hex');
/** How long a process started with TEST_JOB_PAUSE_MS stops in a job: far longer than the test waits, it is killed there. */
const PAUSE_MS = 300_000;

interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many routes, checked field by field
}

interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: number; username: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

async function call(
  p: Proc,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${p.url}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function configProblem(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

/** The processes whose parent is `pid`, with their command lines (Linux /proc). */
function childrenOf(pid: number): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid)
        found.push({
          pid: Number(entry),
          cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '),
        });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe('the configuration of several processes', () => {
  it('takes WEB_CONCURRENCY on PostgreSQL, defaults it, and keeps the embedded database to one process', () => {
    const server = { NODE_ENV: 'test', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
    expect(loadConfig({ ...server, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig(server).webConcurrency).toBe(DEFAULT_WEB_CONCURRENCY);
    expect(loadConfig({ NODE_ENV: 'test' }).webConcurrency).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(configProblem({ NODE_ENV: 'test', WEB_CONCURRENCY: '2' })).toContain(
      'WEB_CONCURRENCY: several processes need DATABASE_URL',
    );
    expect(configProblem({ ...server, WEB_CONCURRENCY: '0' })).toContain('WEB_CONCURRENCY');
  });

  it('refuses the test-only job pause outside the tests', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_JOB_PAUSE_MS: '1000' }).testJobPauseMs).toBe(1000);
    expect(configProblem({ NODE_ENV: 'development', TEST_JOB_PAUSE_MS: '1000' })).toContain(
      'TEST_JOB_PAUSE_MS: is only for the tests',
    );
    expect(
      configProblem({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        TOTP_ENCRYPTION_KEY: 'a'.repeat(64),
        TEST_JOB_PAUSE_MS: '1000',
      }),
    ).toContain('TEST_JOB_PAUSE_MS');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('several API processes on one PostgreSQL database', () => {
  const state = useProcesses();
  bootstrapAndSignInTests(state);
  backgroundJobsTests(state);
  killedProcessTests(state);
  clusterTests(state);
  signingKeyTests(state);
});

/**
 * The file's processes, chain and database, the calls the tests make to them, and what the tests start and
 * sign in as they go (read and set through `state`, as the tests run).
 */
function useProcesses() {
  const servers = useProcessesOnOneDatabase();
  const members = memberCalls();
  const admins = adminCalls(members.login);
  let a: Proc;
  let b: Proc;

  let depositor: Session;
  let sponsor: Session;
  const depositAmount = '50';
  return {
    ...members,
    procs: servers.procs,
    dataDirs: servers.dataDirs,
    startProcess: servers.startProcess,
    mining: servers.mining,
    fresh: servers.fresh,
    count: servers.count,
    freshDatabase: servers.freshDatabase,
    enableAdminTwoFactor: admins.enableAdminTwoFactor,
    loginAdmin: admins.loginAdmin,
    adminAction: admins.adminAction,
    fund: admins.fund,
    withdrawalOf: admins.withdrawalOf,
    depositAmount,
    get chain() {
      return servers.chain;
    },
    get db() {
      return servers.db;
    },
    get admin() {
      return admins.admin;
    },
    set admin(value) {
      admins.admin = value;
    },
    get a() {
      return a;
    },
    set a(value) {
      a = value;
    },
    get b() {
      return b;
    },
    set b(value) {
      b = value;
    },
    get depositor() {
      return depositor;
    },
    set depositor(value) {
      depositor = value;
    },
    get sponsor() {
      return sponsor;
    },
    set sponsor(value) {
      sponsor = value;
    },
  };
}
type Processes = ReturnType<typeof useProcesses>;

/** The file's chain and database, and the processes it starts on them (all stopped and dropped after the file). */
function useProcessesOnOneDatabase() {
  let chain: TestChain;
  let db: Database;
  let databaseUrl: string;
  const procs: Proc[] = [];
  const dataDirs: string[] = [];

  async function startProcess(name: string, extra: Record<string, string> = {}): Promise<Proc> {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), `portal-mp-${name}-`));
    dataDirs.push(dataDir);
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      JWT_SECRET,
      TOTP_ENCRYPTION_KEY: TOTP_KEY,
      ADMIN_PASSWORD,
      REGISTRATIONS_PER_HOUR: '1000000',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: '1',
      ...chain.env,
      ...extra,
    };
    // node itself with tsx's loader, so that the pid is the server's (a SIGKILL reaches it, not a wrapper).
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const proc: Proc = { name, url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
    procs.push(proc);
    await until(
      `${name} to listen`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} ended at start:\n${output}`);
        return fetch(`${proc.url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      60_000,
    );
    return proc;
  }

  /** Mines a block now and then (confirmations: 1) until `probe` holds. */
  const mining = <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000) =>
    until(
      what,
      async () => {
        await chain.mine(1);
        return probe();
      },
      timeoutMs,
      300,
    );

  const fresh = (): Address => privateKeyToAccount(bytesToHex(randomBytes(32))).address;
  const count = async (query: ReturnType<typeof sql>) => Number((await db.query<{ n: string }>(query)).rows[0]!.n);

  const drops: Array<() => void> = [];
  /** A fresh, empty database on the server of DATABASE_URL (dropped after the file). */
  function freshDatabase(): string {
    const scratch = scratchDatabase(process.env.DATABASE_URL!, `portal_mp_${randomBytes(5).toString('hex')}`);
    drops.push(scratch.drop);
    return scratch.url;
  }

  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 1, hotTokens: '1000' });
    databaseUrl = freshDatabase();
    db = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  }, 60_000);

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await db?.close();
    for (const drop of drops) drop();
    await chain?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    // Each drop is a dropdb process: on the CI machine with both suites, lint and a browser beside it,
    // the clean-up took over 30 s once though every test had passed.
  }, 120_000);
  return {
    procs,
    dataDirs,
    startProcess,
    mining,
    fresh,
    count,
    freshDatabase,
    get chain() {
      return chain;
    },
    get db() {
      return db;
    },
  };
}

/** A member's calls to a process: signing in, registering, the wallets and a withdrawal request. */
function memberCalls() {
  async function login(p: Proc, username: string, password: string): Promise<Session> {
    const res = await call(p, 'POST', '/api/auth/login', { headers: { authorization: basic(username, password) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Session;
  }

  let counter = 0;
  async function register(p: Proc, sponsor = ROOT, side?: 'left' | 'right'): Promise<Session> {
    counter += 1;
    const username = `mp${counter}_${randomBytes(3).toString('hex')}`;
    const password = 'Correct-Horse-Battery-9';
    const res = await call(p, 'POST', '/api/auth/register', {
      body: {
        username,
        email: `${username}@example.com`,
        fullName: `Member ${username}`,
        password,
        sponsor,
        ...(side ? { side } : {}),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return login(p, username, password);
  }

  async function wallets(p: Proc, member: Session): Promise<Record<string, string>> {
    const res = await call(p, 'GET', '/api/wallets', { token: member.accessToken });
    expect(res.status).toBe(200);
    return Object.fromEntries(
      (res.body.wallets as Array<{ wallet: string; balance: string }>).map((w: { wallet: string; balance: string }) => [
        w.wallet,
        w.balance,
      ]),
    );
  }

  async function requestWithdrawal(p: Proc, member: Session, to: Address, amount: string): Promise<number> {
    const res = await call(p, 'POST', '/api/withdrawals', {
      token: member.accessToken,
      body: { amount, address: to },
      headers: { 'idempotency-key': randomBytes(8).toString('hex') },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  }
  return { login, register, wallets, requestWithdrawal };
}

/** The admin's calls to a process, with two-factor once it is on. */
function adminCalls(login: (p: Proc, username: string, password: string) => Promise<Session>) {
  /**
   * Every admin action of this file (settings, adjustments, approvals,
   * consolidation, close) goes through here: the one place to adapt if admin
   * actions come to need more (a two-factor code, for instance).
   */
  let admin: Session;
  // Admins approve and change settings with two-factor on (the
  // `adminsRequireTwoFactor` setting, on by default): the admin's
  // authenticator, and the last time step a code was used for (each is single-use).
  let adminTotp: TOTP | undefined;
  let lastStep = -1;
  async function nextAdminCode(): Promise<string> {
    const totp = adminTotp!;
    const current = () => totp.counter({ timestamp: Date.now() });
    const step = Math.max(current(), lastStep + 1);
    // The portal accepts one step ahead at most: wait for the clock when a third code is asked within one step.
    while (step > current() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
    lastStep = step;
    return totp.generate({ timestamp: step * 30_000 });
  }
  async function enableAdminTwoFactor(p: Proc) {
    const setup = await call(p, 'POST', '/api/me/2fa/setup', { token: admin.accessToken });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    adminTotp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32((setup.body as { secret: string }).secret),
    });
    const enabled = await call(p, 'POST', '/api/me/2fa/enable', {
      token: admin.accessToken,
      body: { code: await nextAdminCode() },
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  }
  async function loginAdmin(p: Proc): Promise<Session> {
    if (!adminTotp) return login(p, 'admin', ADMIN_PASSWORD);
    const res = await call(p, 'POST', '/api/auth/login', {
      headers: { authorization: basic('admin', ADMIN_PASSWORD), 'x-totp-code': await nextAdminCode() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Session;
  }
  function adminAction(p: Proc, method: 'POST' | 'PATCH', url: string, body?: unknown): Promise<Answer> {
    return call(p, method, url, { token: admin.accessToken, body });
  }

  async function fund(p: Proc, memberId: number, wallet: 'deposit' | 'income', amount: string) {
    const res = await adminAction(p, 'POST', `/api/admin/members/${memberId}/adjustments`, {
      direction: 'credit',
      reason: 'Test funding',
      wallet,
      amount,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  async function withdrawalOf(p: Proc, id: number): Promise<{ status: string; net: string; txHash: string | null }> {
    const res = await call(p, 'GET', '/api/admin/withdrawals?pageSize=100', { token: admin.accessToken });
    return (res.body.items as Array<{ id: number; status: string; net: string; txHash: string | null }>).find(
      (w) => w.id === id,
    )!;
  }
  return {
    enableAdminTwoFactor,
    loginAdmin,
    adminAction,
    fund,
    withdrawalOf,
    get admin() {
      return admin;
    },
    set admin(value) {
      admin = value;
    },
  };
}

function bootstrapAndSignInTests(state: Processes) {
  const { freshDatabase, startProcess, count, login, register } = state;
  it('creates the root member and the admin once when processes bootstrap a fresh database at the same moment', async () => {
    const url = freshDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, JWT_SECRET, ADMIN_PASSWORD });
    const dbs = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: 'memory://' })));
    try {
      await migrate(dbs[0]!);
      const log = pino({ level: 'silent' });
      const contexts = dbs.map((one): AppContext =>
        newContext({
          config,
          db: one,
          log,
          now: () => new Date(),
          mailer: { send: async () => undefined, sendAll: async (mails) => mails.map(() => undefined) },
        }),
      );
      const results = await Promise.all(contexts.map((ctx) => bootstrap(ctx)));
      expect(results.filter((r) => r.rootCreated)).toHaveLength(1);
      expect(results.filter((r) => r.admin)).toHaveLength(1);
      const n = async (query: ReturnType<typeof sql>) => Number((await dbs[0]!.query<{ n: string }>(query)).rows[0]!.n);
      expect(await n(sql`SELECT count(*) AS n FROM members WHERE sponsor_id IS NULL`)).toBe(1);
      expect(await n(sql`SELECT count(*) AS n FROM users WHERE role = 'admin'`)).toBe(1);
    } finally {
      await Promise.all(dbs.map((one) => one.close()));
    }
  });

  it('two processes started together on a fresh database migrate and create the admin once, and serve each other’s sign-ins', async () => {
    [state.a, state.b] = await Promise.all([startProcess('a'), startProcess('b')]);
    expect(await count(sql`SELECT count(*) AS n FROM users WHERE role = 'admin'`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM members WHERE sponsor_id IS NULL`)).toBe(1);

    // Signed in on A, served by B; refreshed on B, served by A.
    state.admin = await login(state.a, 'admin', ADMIN_PASSWORD);
    expect((await call(state.b, 'GET', '/api/me', { token: state.admin.accessToken })).status).toBe(200);
    const refreshed = await call(state.b, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: state.admin.refreshToken },
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    state.admin = { ...state.admin, ...(refreshed.body as Pick<Session, 'accessToken' | 'refreshToken'>) };
    expect((await call(state.a, 'GET', '/api/me', { token: state.admin.accessToken })).status).toBe(200);
    // The refresh token B rotated away is spent on A too.
    expect(
      (
        await call(state.a, 'POST', '/api/auth/refresh-token', {
          body: { refreshToken: refreshed.body.refreshToken },
        })
      ).status,
    ).toBe(200);
    state.admin = await login(state.b, 'admin', ADMIN_PASSWORD);

    // A sign-out on A ends the session on B at once.
    const member = await register(state.b);
    expect((await call(state.a, 'GET', '/api/me', { token: member.accessToken })).status).toBe(200);
    expect(
      (await call(state.a, 'POST', '/api/auth/logout', { body: { refreshToken: member.refreshToken } })).status,
    ).toBe(204);
    const after = await call(state.b, 'GET', '/api/me', { token: member.accessToken });
    expect(after.status).toBe(401);
    expect(
      (await call(state.b, 'POST', '/api/auth/refresh-token', { body: { refreshToken: member.refreshToken } })).status,
    ).toBe(401);
  }, 120_000);
}

function backgroundJobsTests(state: Processes) {
  const { enableAdminTwoFactor, adminAction, count, register, depositAmount, mining } = state;
  const { wallets, fund, fresh, requestWithdrawal, withdrawalOf } = state;
  it('runs every background job once while both run: a deposit, a payout, the roll-up, the scheduled close', async () => {
    // Settings changed on A are read by B (the per-process cache is dropped through LISTEN/NOTIFY).
    await enableAdminTwoFactor(state.a);
    const patched = await adminAction(state.a, 'PATCH', '/api/admin/settings', {
      withdrawalAddressHoldHours: '0',
      withdrawalRequiresTwoFactor: false,
      consolidationThreshold: '1',
      // Swept to the treasury, where the consolidation below counts it.
      hotWalletTarget: '0',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(Number(patched.body.consolidationThreshold)).toBe(1);
    await until(
      'B to read the new settings',
      async () =>
        (await call(state.b, 'GET', '/api/admin/settings', { token: state.admin.accessToken })).body
          .consolidationThreshold === patched.body.consolidationThreshold,
    );

    // Both schedulers ran at start on a database never closed: the due day was closed once, by one of them, and neither failed.
    expect(await count(sql`SELECT count(*) AS n FROM matching_closes WHERE closed_by IS NULL`)).toBe(1);
    const closedBy = [state.a, state.b].map((p) => (p.output().match(/"msg":"daily matching close"/g) ?? []).length);
    expect(
      closedBy.reduce((x, y) => x + y, 0),
      `close log lines of A and B: ${closedBy.join(', ')}`,
    ).toBeGreaterThanOrEqual(1);
    expect(
      [state.a, state.b].map((p) => (p.output().match(/"created":true/g) ?? []).length).reduce((x, y) => x + y, 0),
    ).toBe(1);
    expect(state.a.output() + state.b.output()).not.toContain('daily matching close failed');

    // A deposit, watched by both: credited once.
    state.depositor = await register(state.a);
    const address = (await call(state.b, 'GET', '/api/deposits/address', { token: state.depositor.accessToken })).body
      .address as Address;
    const hash = await state.chain.send(address, depositAmount);
    await mining(
      'the deposit to be credited',
      async () =>
        (await count(
          sql`SELECT count(*) AS n FROM deposits WHERE tx_hash = ${hash.toLowerCase()} AND status = 'credited'`,
        )) === 1,
    );
    await sleep(1_500); // more passes of both watchers
    expect(await count(sql`SELECT count(*) AS n FROM deposits WHERE tx_hash = ${hash.toLowerCase()}`)).toBe(1);
    expect((await wallets(state.a, state.depositor)).deposit).toBe('50.00');

    // A withdrawal approved on B, paid by whichever process: one payout, one transaction on chain.
    const hot = privateKeyToAccount(state.chain.hotKey).address;
    const earner = await register(state.a);
    await fund(state.a, earner.user.id, 'income', '30');
    const to = fresh();
    const id = await requestWithdrawal(state.a, earner, to, '20');
    const approved = await adminAction(state.b, 'POST', '/api/admin/withdrawals/approve', { ids: [id] });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const paid = await mining('the withdrawal to be paid', async () => {
      const w = await withdrawalOf(state.a, id);
      return w.status === 'paid' ? w : undefined;
    });
    await sleep(1_500);
    expect(await count(sql`SELECT count(*) AS n FROM payouts WHERE withdrawal_id = ${id}`)).toBe(1);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id WHERE p.withdrawal_id = ${id}`,
      ),
    ).toBe(1);
    expect(await state.chain.client.getTransactionCount({ address: hot })).toBe(1);
    expect(await state.chain.balanceOf(to)).toBe(parseUnits(paid.net, 18));

    // Purchases on both: the roll-up (in both) adds each volume once.
    state.sponsor = await register(state.b, ROOT, 'left');
    const left = await register(state.a, state.sponsor.user.username, 'left');
    const right = await register(state.b, state.sponsor.user.username, 'right');
    const packages = (await call(state.a, 'GET', '/api/packages', { token: state.sponsor.accessToken })).body
      .items as Array<{
      id: number;
      name: string;
      price: string;
    }>;
    const cheapest = [...packages].sort((x, y) => Number(x.price) - Number(y.price))[0]!;
    for (const [p, m] of [
      [state.a, state.sponsor],
      [state.b, left],
      [state.a, right],
    ] as const) {
      await fund(p, m.user.id, 'deposit', cheapest.price);
      const bought = await call(p, 'POST', '/api/purchases', {
        token: m.accessToken,
        body: { packageId: cheapest.id },
        headers: { 'idempotency-key': randomBytes(8).toString('hex') },
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    }
    await until(
      'the roll-up',
      async () => (await count(sql`SELECT count(*) AS n FROM network_events WHERE rolled_up_at IS NULL`)) === 0,
    );
    await sleep(1_500);
    const legs = await maintainedLegs(state.db);
    expect(legs).toEqual(await rebuildLegs(state.db));
    expect(legs.get(state.sponsor.user.id)!.left).toBeGreaterThan(0n);
    expect(legs.get(state.sponsor.user.id)!.left).toBe(legs.get(state.sponsor.user.id)!.right);
    await assertBooksConsistent(state.db);
  }, 120_000);
}

function killedProcessTests(state: Processes) {
  const {
    startProcess,
    loginAdmin,
    wallets,
    register,
    fund,
    fresh,
    requestWithdrawal,
    adminAction,
    count,
    mining,
    withdrawalOf,
    depositAmount,
  } = state;
  it('a process killed in the middle of a payout, a consolidation and a close leaves the other to finish each, once', async () => {
    // Both stop gracefully on SIGTERM.
    state.a.child.kill('SIGTERM');
    state.b.child.kill('SIGTERM');
    expect(await Promise.all([state.a.exited, state.b.exited])).toEqual([0, 0]);

    // C stops in the middle of every job it starts (TEST_JOB_PAUSE_MS), alone at first so that it is the one that starts them.
    const c = await startProcess('c', { TEST_JOB_PAUSE_MS: String(PAUSE_MS) });
    state.admin = await loginAdmin(c);
    const incomeBefore = parseUnits((await wallets(c, state.sponsor)).income!, 18);
    const hot = privateKeyToAccount(state.chain.hotKey).address;
    const earner = await register(c);
    await fund(c, earner.user.id, 'income', '40');
    const to = fresh();
    const id = await requestWithdrawal(c, earner, to, '25');
    expect((await adminAction(c, 'POST', '/api/admin/withdrawals/approve', { ids: [id] })).status).toBe(200);
    await until('C to stop inside the payout', async () => c.output().includes('test pause: payout'));
    expect(await count(sql`SELECT count(*) AS n FROM payouts WHERE withdrawal_id = ${id} AND status = 'signed'`)).toBe(
      1,
    );

    const consolidating = adminAction(c, 'POST', '/api/admin/consolidations', {}).catch((error: unknown) => error);
    await until(
      'C to stop inside the consolidation',
      async () => c.output().includes('test pause: consolidation'),
      60_000,
    );
    const today = day(0);
    const closingOnC = adminAction(c, 'POST', '/api/admin/plan/close', { date: today }).catch(
      (error: unknown) => error,
    );
    await until('C to stop inside the close', async () => c.output().includes('test pause: close'));

    // D starts meanwhile and is asked for the same close: it waits for C's.
    const d = await startProcess('d');
    const closingOnD = adminAction(d, 'POST', '/api/admin/plan/close', { date: today });
    await sleep(500);
    c.child.kill('SIGKILL');
    await c.exited;
    expect(await closingOnC).toBeInstanceOf(Error);
    expect(await consolidating).toBeInstanceOf(Error);

    // The close: C's transaction never committed; D's is the one.
    const closed = await closingOnD;
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    expect(closed.body).toMatchObject({ date: today, created: true, members: 1 });
    expect(await count(sql`SELECT count(*) AS n FROM matching_closes WHERE close_date = ${today}`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM matching_bonuses WHERE close_date = ${today}`)).toBe(1);
    const bonus = (
      await state.db.query<{ paid: string }>(
        sql`SELECT paid::text AS paid FROM matching_bonuses WHERE close_date = ${today} AND member_id = ${state.sponsor.user.id}`,
      )
    ).rows[0]!;
    expect(parseUnits((await wallets(d, state.sponsor)).income!, 18) - incomeBefore).toBe(BigInt(bonus.paid));
    expect(BigInt(bonus.paid)).toBeGreaterThan(0n);

    // The payout: D's job takes the hot wallet's lease once C's runs out and broadcasts what C signed.
    const paid = await mining(
      'D to pay the withdrawal C signed',
      async () => {
        const w = await withdrawalOf(d, id);
        return w.status === 'paid' ? w : undefined;
      },
      75_000,
    );
    expect(await count(sql`SELECT count(*) AS n FROM payouts WHERE withdrawal_id = ${id}`)).toBe(1);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id WHERE p.withdrawal_id = ${id}`,
      ),
    ).toBe(1);
    expect(await state.chain.client.getTransactionCount({ address: hot })).toBe(2); // one per withdrawal of this file
    expect(await state.chain.balanceOf(to)).toBe(parseUnits(paid.net, 18));

    // The consolidation: resumed on D once C's lease runs out, each address swept once.
    const resumed = await until(
      'D to resume the consolidation',
      async () => {
        const res = await adminAction(d, 'POST', '/api/admin/consolidations', {});
        if (res.status === 409) return undefined;
        return res;
      },
      60_000,
      2_000,
    );
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(201);
    expect(resumed.body).toMatchObject({ status: 'completed', addresses: 1, totalSwept: '50.00' });
    expect(await count(sql`SELECT count(*) AS n FROM consolidations`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM consolidation_txs WHERE kind = 'sweep'`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM consolidation_txs WHERE kind = 'gas_topup'`)).toBeLessThanOrEqual(
      1,
    );
    expect(await state.chain.balanceOf(state.chain.treasury)).toBe(parseUnits(depositAmount, 18));

    // The books: every entry sums to zero, balances match their postings; the chain holds what the ledger says
    // (beyond the hot wallet's own funding, which came from outside the books).
    await assertBooksConsistent(state.db);
    const walletsPage = await call(d, 'GET', '/api/admin/chain/wallets', { token: state.admin.accessToken });
    expect(walletsPage.status, JSON.stringify(walletsPage.body)).toBe(200);
    expect(walletsPage.body.reconciliation).toMatchObject({ unexplained: '1000.00', withdrawalsInFlight: '0.00' });
  }, 180_000);
}

function clusterTests({ dataDirs, freshDatabase, procs }: Processes) {
  it('npm start with WEB_CONCURRENCY=2: one embedded chain in the primary, workers that share the port, a dead worker replaced, SIGTERM stops all', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mp-cluster-'));
    dataDirs.push(dataDir);
    const { DATABASE_URL: _server, ...rest } = process.env;
    const env = {
      ...rest,
      NODE_ENV: 'development',
      DATABASE_URL: freshDatabase(),
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    const primary = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    primary.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    procs.push({ name: 'cluster', url: `http://127.0.0.1:${port}`, child: primary, output: () => output, exited });
    const workers = () => childrenOf(primary.pid!).filter((p) => p.cmdline.includes('main.ts'));
    const anvils = (pid: number) => childrenOf(pid).filter((p) => p.cmdline.includes('anvil'));

    // The banner comes once every worker listens; the generated admin password is printed once, by the primary.
    await until('the cluster to start', async () => output.includes('Members portal is running at'), 90_000);
    expect(output).toContain('(2 API processes, WEB_CONCURRENCY)');
    expect(output.match(/Admin account created/g)).toHaveLength(1);
    const first = workers();
    expect(first).toHaveLength(2);
    expect(anvils(primary.pid!)).toHaveLength(1);
    for (const w of first) expect(anvils(w.pid)).toHaveLength(0);
    // The workers are web processes: the primary runs the jobs and signs (docs/decisions/0053-keys-only-where-they-sign.md).
    for (const w of first)
      expect(readFileSync(`/proc/${w.pid}/environ`, 'utf8').split('\0')).toContain('PORTAL_ROLE=web');

    // Every worker talks to the primary's chain (a worker answers 'starting' until its watcher's first look at it;
    // six answers in a row, handed out in turn by the cluster, cover both workers).
    await until("every worker to read the primary's chain", async () => {
      for (let i = 0; i < 6; i += 1) {
        const health = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.json() as Promise<{ chain: { status: string; chainId: number } }>,
        );
        expect(health.chain.chainId).toBe(31337);
        if (health.chain.status !== 'ok') return false;
      }
      return true;
    });

    // A worker that dies is replaced.
    process.kill(first[0]!.pid, 'SIGKILL');
    const replaced = await until(
      'a new worker',
      async () => {
        const now = workers();
        return now.length === 2 && !now.some((w) => w.pid === first[0]!.pid) ? now : undefined;
      },
      60_000,
    );
    // Connections go to the workers in turn: four answers in a row include the new worker's.
    await until(
      'the new worker to serve',
      async () => {
        let ok = 0;
        for (let i = 0; i < 4; i += 1)
          if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.ok) ok += 1;
        return ok === 4;
      },
      60_000,
    );
    expect(replaced.some((w) => w.pid === first[1]!.pid)).toBe(true);

    // SIGTERM to the primary: workers stopped gracefully, the embedded chain with them, exit code 0.
    const anvilPid = anvils(primary.pid!)[0]!.pid;
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of [...replaced.map((w) => w.pid), anvilPid]) {
      expect(() => process.kill(pid, 0), `process ${pid} still running`).toThrow();
    }
  }, 180_000);
}

function signingKeyTests(state: Processes) {
  const { freshDatabase, startProcess } = state;
  it('keys only where they sign: a web process given a key does not start; a cluster on a configured chain gives its workers none', async () => {
    const refused = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: freshDatabase(),
        PORTAL_ROLE: 'web',
        ...state.chain.env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('HOT_WALLET_KEY: must not be set where PORTAL_ROLE=web');
    expect(refused.stderr).toContain('DEPOSIT_MNEMONIC: must not be set where PORTAL_ROLE=web');

    // The primary holds the keys and runs the jobs; the workers serve with none in their environment.
    const cluster = await startProcess('keys', { DATABASE_URL: freshDatabase(), WEB_CONCURRENCY: '2' });
    const workers = await until('two workers', async () => {
      const found = childrenOf(cluster.child.pid!).filter((p) => p.cmdline.includes('main.ts'));
      return found.length === 2 ? found : undefined;
    });
    const hot = privateKeyToAccount(state.chain.hotKey).address;
    for (const w of workers) {
      const environ = readFileSync(`/proc/${w.pid}/environ`, 'utf8').split('\0');
      expect(environ).toContain('PORTAL_ROLE=web');
      expect(environ).toContain(`HOT_WALLET_ADDRESS=${hot}`);
      for (const name of ['DEPOSIT_MNEMONIC', 'GAS_WALLET_KEY', 'HOT_WALLET_KEY', 'TREASURY_KEY'])
        expect(environ.filter((e) => e.startsWith(`${name}=`))).toEqual([]);
      for (const secret of state.chain.secrets) expect(environ.some((e) => e.includes(secret))).toBe(false);
    }
    cluster.child.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
  }, 180_000);
}
