/**
 * Restarts that lose nothing, tried on real processes: `apps/api/src/main.ts`
 * started as a child on a data folder of its own (the embedded database: the
 * lock is about PGlite), killed with SIGKILL, started again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { freePort } from '../src/platform/chain/anvil';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

// Real processes, each start compiling and opening PGlite: slow on a busy machine.
const SLOW = { timeout: 300_000 };

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/api/src/main.ts');
const RESET = path.join(ROOT, 'apps/api/src/setup/reset-admin-password.ts');
const TSX = ['--import', 'tsx'];

const folders: string[] = [];
const children: ChildProcess[] = [];

function dataFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-restart-'));
  folders.push(dir);
  return dir;
}

function env(dataDir: string, port: number): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _server,
    JWT_SECRET: _secret,
    ADMIN_PASSWORD: _password,
    SMTP_URL: _smtp,
    ...rest
  } = process.env;
  return {
    ...rest,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves with `running` once the portal listens, or `exited` with its code. */
  outcome: Promise<{ kind: 'running' } | { kind: 'exited'; code: number | null }>;
}

function start(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, [...TSX, MAIN], {
    cwd: ROOT,
    env: env(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const outcome = new Promise<{ kind: 'running' } | { kind: 'exited'; code: number | null }>((resolve) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Members portal is running at')) resolve({ kind: 'running' });
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => resolve({ kind: 'exited', code }));
  });
  return { child, output: () => output, outcome };
}

async function kill9(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGKILL');
  await exited;
}

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

function passwordFrom(dataDir: string): string {
  return /^password: (\S+)$/m.exec(readFileSync(path.join(dataDir, 'admin-password.txt'), 'utf8'))![1]!;
}

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
/** The embedded chain's process, as the portal recorded it in its data folder. */
function anvilPidOf(dir: string): number {
  return (JSON.parse(readFileSync(path.join(dir, 'chain.json'), 'utf8')) as { anvilPid: number }).anvilPid;
}

/** Alive and not a zombie (a killed child waits for its parent to reap it). */
function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * A portal killed with SIGKILL cannot stop its embedded chain: the anvil it
 * started keeps running (and mining) until the next start on the folder ends
 * it. Each test's last kill -9 has no next start: end those chains here, so
 * the rest of the suite does not share the machine with them.
 */
function killOrphanedChains(dir: string): void {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone already, or not ours to read
    }
  }
}

/**
 * Every process here runs on the embedded database of its own data folder,
 * whatever DATABASE_URL says (env() drops it): the run on PGlite has tried
 * all of it, and the run with DATABASE_URL would try the same again.
 */
const onTheEmbeddedRun = describe.skipIf(Boolean(process.env.DATABASE_URL));

afterAll(() => {
  for (const dir of folders) {
    killOrphanedChains(dir);
    rmSync(dir, { recursive: true, force: true });
  }
});

onTheEmbeddedRun('the data folder lock', () => {
  it(
    'refuses a second process on one data folder, naming the folder and the holder; a stale lock (kill -9) is taken over',
    SLOW,
    async () => {
      const dir = dataFolder();
      const first = start(dir, await freePort());
      expect(await first.outcome, first.output()).toEqual({ kind: 'running' });

      const second = start(dir, await freePort());
      expect(await second.outcome).toEqual({ kind: 'exited', code: 1 });
      expect(second.output()).toContain(`The data folder ${dir} is in use by process ${first.child.pid}`);

      const orphan = anvilPidOf(dir);
      await kill9(first);
      expect(isRunning(orphan)).toBe(true); // nothing could stop it: the portal died at once
      const third = start(dir, await freePort());
      expect(await third.outcome, third.output()).toEqual({ kind: 'running' });
      // The new start ended the chain the killed portal left behind, and runs its own.
      expect(isRunning(orphan)).toBe(false);
      expect(anvilPidOf(dir)).not.toBe(orphan);
      await kill9(third);
    },
  );
});

onTheEmbeddedRun('the admin password and sign-ins across restarts', () => {
  it(
    'keeps a generated admin password although the first start fails at listen, and sign-ins survive kill -9',
    SLOW,
    async () => {
      const dir = dataFolder();
      // The port is taken: this start creates the admin, then fails to listen.
      const blocker: Server = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const takenPort = (blocker.address() as { port: number }).port;
      const failed = start(dir, takenPort);
      expect(await failed.outcome).toEqual({ kind: 'exited', code: 1 });
      await new Promise<void>((resolve) => blocker.close(() => resolve()));

      const password = passwordFrom(dir);
      expect(failed.output()).toContain(`with password: ${password}`);
      expect(statSync(path.join(dir, 'admin-password.txt')).mode & 0o777).toBe(0o600);
      expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const running = start(dir, port);
      expect(await running.outcome, running.output()).toEqual({ kind: 'running' });
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { authorization: basic('admin', password) },
      });
      expect(login.status).toBe(200);
      const { accessToken, refreshToken } = (await login.json()) as { accessToken: string; refreshToken: string };

      await kill9(running);
      const again = start(dir, port);
      expect(await again.outcome, again.output()).toEqual({ kind: 'running' });
      const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(me.status).toBe(200);
      const refreshed = await fetch(`${base}/api/auth/refresh-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      expect(refreshed.status).toBe(200);

      // Mail without SMTP: the whole mail in the owner-only file outbox, the admin's view redacted.
      const forgot = await fetch(`${base}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@portal.local' }),
      });
      expect(forgot.status).toBe(202);
      let files: string[] = [];
      for (let i = 0; i < 300 && files.length === 0; i++) {
        try {
          files = readdirSync(path.join(dir, 'outbox'));
        } catch {
          // Not written yet.
        }
        if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const mailFile = path.join(dir, 'outbox', files[0]!);
      expect(statSync(mailFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(mailFile, 'utf8')).toMatch(/password-reset\?token=[A-Za-z0-9_%-]{20,}/);
      const outbox = await fetch(`${base}/api/admin/outbox`, { headers: { authorization: `Bearer ${accessToken}` } });
      const [kept] = ((await outbox.json()) as { items: Array<{ body: string }> }).items;
      expect(kept!.body).toContain('password-reset?token=[redacted]');
      await kill9(again);
    },
  );

  it(
    'resets the admin password from the shell: refused while the portal runs, done when it is stopped',
    SLOW,
    async () => {
      const dir = dataFolder();
      const port = await freePort();
      const running = start(dir, port);
      expect(await running.outcome, running.output()).toEqual({ kind: 'running' });
      const before = passwordFrom(dir);

      const refused = spawnSync(process.execPath, [...TSX, RESET], {
        cwd: ROOT,
        env: env(dir, port),
        encoding: 'utf8',
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`is in use by process ${running.child.pid}`);
      expect(passwordFrom(dir)).toBe(before);

      await kill9(running);
      const reset = spawnSync(process.execPath, [...TSX, RESET], { cwd: ROOT, env: env(dir, port), encoding: 'utf8' });
      expect(reset.status, reset.stderr).toBe(0);
      const after = passwordFrom(dir);
      expect(after).not.toBe(before);
      expect(reset.stdout).toContain(after);

      const again = start(dir, port);
      expect(await again.outcome, again.output()).toEqual({ kind: 'running' });
      const base = `http://127.0.0.1:${port}`;
      expect(
        (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { authorization: basic('admin', before) } }))
          .status,
      ).toBe(401);
      expect(
        (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { authorization: basic('admin', after) } }))
          .status,
      ).toBe(200);
      await kill9(again);
    },
  );
});
