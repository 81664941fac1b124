import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { bytesToHex, formatUnits, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBaseUnits } from '@portal/contract';
import { backup, restore, type BackupTarget } from '../../src/backup/backup';
import { createDepositWatcher } from '../../src/deposits/watcher';
import { sql } from '../../src/platform/db/sql';
import { lockDataFolder } from '../../src/setup/data-folder';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';
import { startTestChain, type TestChain } from '../platform/chain/chain-helpers';
import {
  adminAuthenticator,
  bearer,
  enableAdminTwoFactor,
  login,
  loginAdmin,
  useAdminAuthenticator,
  registerMember,
  startPortal,
  type Session,
  type TestPortal,
} from '../harness';
import { assertBooksConsistent } from '../ledger/ledger-helpers';
import { approve, payAll, pendingWithdrawal, withdrawal } from '../withdrawals/payout-helpers';
import { setSettings } from '../withdrawals/withdrawal-helpers';

/**
 * Backup and restore with money in flight (docs/decisions/0031-backup-and-restore.md):
 * a portal on a real anvil holds a credited deposit, a deposit seen but not
 * final and a payout broadcast but not yet followed to its receipt; the
 * backup is taken with the command's own function; the chain moves on (a
 * new deposit); the backup is restored into a fresh database and a portal
 * started on it against the same chain must credit every deposit exactly
 * once, pay the in-flight payout exactly once and reconcile with the chain.
 */

const HOT_FUNDING = '100';
const fresh = (): Address => privateKeyToAccount(bytesToHex(randomBytes(32))).address;

interface Where {
  /** Where the first portal runs, where the backup is restored, and their startPortal option. */
  source: BackupTarget;
  target: BackupTarget;
  /** The words the refusal to restore over a portal uses. */
  refusal: RegExp;
  /** The backup file as text a secret could be read in. */
  readable(file: string): string;
}

async function scenario(chain: TestChain, where: Where, backupFile: string): Promise<void> {
  // One TOTP key for both portals, as an operator runs the restored portal with the same environment
  // (the key is never in a backup: docs/decisions/0031-backup-and-restore.md); the admin has two-factor on.
  const totpKey = randomBytes(32).toString('hex');
  const open = (t: BackupTarget) =>
    startPortal(
      { ...chain.env, TOTP_ENCRYPTION_KEY: totpKey },
      { database: t.databaseUrl ? { url: t.databaseUrl } : { dataDir: t.dataDir } },
    );

  // --- Before the backup: money in flight ---
  let portal: TestPortal | undefined = await open(where.source);
  let inFlight: InFlight;
  try {
    inFlight = await putMoneyInFlight(chain, portal);
  } finally {
    await portal.close();
    portal = undefined;
  }

  // --- The backup, with the command's function; PGlite refuses while a portal holds the folder ---
  if (!where.source.databaseUrl) {
    const held = lockDataFolder(where.source.dataDir);
    try {
      await expect(backup(where.source, backupFile)).rejects.toThrow(/is in use by process/);
    } finally {
      held.release();
    }
  }
  const made = await backup(where.source, backupFile);
  expect(made.bytes).toBeGreaterThan(0);
  expect((await import('node:fs')).statSync(backupFile).mode & 0o777).toBe(0o600);
  // No secret of the environment is in it: they are never written to the database.
  const text = where.readable(backupFile);
  expect(text).toContain('schema_migrations');
  for (const secret of [...chain.secrets, 'test-secret-that-is-long-enough-0123456789', totpKey])
    expect(text.includes(secret), 'a secret in the backup').toBe(false);

  // --- The chain moves on: a deposit mined after the backup; the seen one becomes final ---
  await chain.send(inFlight.depositorAddress, '7');
  await chain.mine(3);

  // --- Restore into a fresh database and run the portal there against the same chain ---
  // The queued payout is named: the old portal could have paid it after the backup (ADR 0031).
  expect(await restore(where.target, backupFile)).toMatchObject({ unsignedPayouts: 1 });
  await expect(restore(where.target, backupFile)).rejects.toThrow(where.refusal);
  portal = await open(where.target);
  try {
    await expectEachCreditedAndPaidOnce(chain, portal, inFlight);
  } finally {
    await portal.close();
  }
}

/** What the first portal leaves in flight for the backup, and what the restored portal checks it by. */
interface InFlight {
  authenticator: { secret: string; lastStep: number };
  depositor: Session & { password: string };
  waiting: Session & { password: string };
  depositorAddress: Address;
  payoutTo: Address;
  payoutId: number;
  paidBefore: bigint;
  queuedTo: Address;
  queuedId: number;
}

/**
 * On the first portal: a credited deposit, a deposit seen but not final, a payout broadcast but its receipt not
 * read, and a payout approved but queued.
 */
async function putMoneyInFlight(chain: TestChain, portal: TestPortal): Promise<InFlight> {
  const admin = await loginAdmin(portal.app);
  await enableAdminTwoFactor(portal, admin);
  await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
  const watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
  const addressOf = async (s: Session) =>
    (await portal.app.inject({ method: 'GET', url: '/api/deposits/address', headers: bearer(s) })).json()
      .address as Address;

  const depositor = await registerMember(portal.app);
  const depositorAddress = await addressOf(depositor);
  await chain.send(depositorAddress, '50');
  await watcher.tick();
  await chain.mine(3);
  await watcher.tick();
  expect((await depositsOf(portal, depositor)).items).toMatchObject([{ status: 'credited', amount: '50.00' }]);

  const waiting = await registerMember(portal.app);
  await chain.send(await addressOf(waiting), '20');
  await watcher.tick();
  expect((await depositsOf(portal, waiting)).items).toMatchObject([{ status: 'seen', amount: '20.00' }]);

  // A payout broadcast, its receipt not yet read: the process "dies" right after sending.
  const payoutTo = fresh();
  const payoutId = (await pendingWithdrawal(portal, admin, payoutTo, '30')).id;
  await approve(portal, admin, [payoutId]);
  await expect(
    createPayoutRunner(portal.ctx, {
      after(step) {
        if (step === 'broadcast') throw new Error('stopped after broadcasting');
      },
    }).pass(),
  ).rejects.toThrow('stopped after broadcasting');
  // And one approved after it, queued: no transaction signed yet when the backup is taken.
  const queuedTo = fresh();
  const queuedId = (await pendingWithdrawal(portal, admin, queuedTo, '10')).id;
  await approve(portal, admin, [queuedId]);
  const paidBefore = await chain.balanceOf(payoutTo);
  expect(paidBefore).toBeGreaterThan(0n);
  expect((await withdrawal(portal, admin, payoutId)).status).toBe('approved');
  const inFlight = await portal.db.query<{ status: string }>(
    sql`SELECT status FROM payouts WHERE withdrawal_id = ${payoutId}`,
  );
  expect(inFlight.rows).toEqual([{ status: 'broadcast' }]);

  // Before the backup the seen deposit is explained; the payout mined but not yet booked is not
  // (the hot wallet holds less than the books say until its receipt is read).
  const before = await reconciliation(portal, admin);
  expect(before.explained.depositsNotFinal).toBe('20.00');
  expect(toBaseUnits(before.unexplained)).toBe(toBaseUnits(HOT_FUNDING) - toBaseUnits(formatUnits(paidBefore, 18)));
  await watcher.release();
  const authenticator = adminAuthenticator(portal);
  return { authenticator, depositor, waiting, depositorAddress, payoutTo, payoutId, paidBefore, queuedTo, queuedId };
}

/**
 * On the restored portal, after the chain moved on: every deposit credited once, the payout in flight followed to
 * its receipt (not sent again), the queued one paid once, and the books reconcile with the chain.
 */
async function expectEachCreditedAndPaidOnce(chain: TestChain, portal: TestPortal, inFlight: InFlight): Promise<void> {
  const { authenticator, depositor, waiting, payoutTo, payoutId, paidBefore, queuedTo, queuedId } = inFlight;
  const watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
  await watcher.tick();
  await chain.mine(3);
  await watcher.tick();
  await payAll(portal, chain);
  await watcher.tick();
  await payAll(portal, chain);

  useAdminAuthenticator(portal, authenticator);
  const admin = await loginAdmin(portal.app);
  const d = await depositsOf(portal, await login(portal.app, depositor.user.username, depositor.password));
  expect(d.items.map((i: { amount: string; status: string }) => [i.amount, i.status]).sort()).toEqual([
    ['50.00', 'credited'],
    ['7.00', 'credited'],
  ]);
  expect(d.balance).toBe('57.00');
  const w = await depositsOf(portal, await login(portal.app, waiting.user.username, waiting.password));
  expect(w.items).toMatchObject([{ status: 'credited', amount: '20.00' }]);
  expect(w.balance).toBe('20.00');
  // Each deposit credited exactly once: one row per log, one ledger entry per deposit.
  const counts = await portal.db.query<{ deposits: number; credited: number; entries: number; logs: number }>(
    sql`SELECT (SELECT count(*)::int FROM deposits) AS deposits,
               (SELECT count(*)::int FROM deposits WHERE status = 'credited') AS credited,
               (SELECT count(*)::int FROM journal_entries WHERE type = 'deposit') AS entries,
               (SELECT count(DISTINCT (tx_hash, log_index))::int FROM deposits) AS logs`,
  );
  expect(counts.rows[0]).toEqual({ deposits: 3, credited: 3, entries: 3, logs: 3 });

  // The payout in flight: followed to its receipt by its recorded hash, not sent again.
  const paid = await withdrawal(portal, admin, payoutId);
  expect(paid.status).toBe('paid');
  expect(await chain.balanceOf(payoutTo)).toBe(paidBefore);
  const txs = await portal.db.query<{ tx_hash: Hex }>(
    sql`SELECT t.tx_hash FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id WHERE p.withdrawal_id = ${payoutId}`,
  );
  expect(txs.rows).toHaveLength(1);
  expect(paid.txHash).toBe(txs.rows[0]!.tx_hash);
  const payoutEntries = await portal.db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM journal_entries WHERE type = 'withdrawal_payout' AND id IN (SELECT settle_entry_id FROM withdrawals WHERE id = ${payoutId})`,
  );
  expect(payoutEntries.rows[0]!.n).toBe(1);

  // The queued one (the old portal stopped before paying it): paid once after the restore, 10 less the minimum fee of 1.
  expect((await withdrawal(portal, admin, queuedId)).status).toBe('paid');
  expect(await chain.balanceOf(queuedTo)).toBe(parseUnits('9', 18));

  await assertBooksConsistent(portal.db);
  // The books and the chain agree: nothing waits for finality, the payout is booked, and the
  // only difference is the test's own top-up of the hot wallet, which no book records.
  const after = await reconciliation(portal, admin);
  expect(after.explained.depositsNotFinal).toBe('0.00');
  expect(after.unexplained).toBe(`${HOT_FUNDING}.00`);
  await watcher.release();
}

async function depositsOf(portal: TestPortal, session: Session) {
  const res = await portal.app.inject({ method: 'GET', url: '/api/deposits', headers: bearer(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function reconciliation(portal: TestPortal, admin: Session) {
  const res = await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reconciliation as {
    unexplained: string;
    balanced: boolean;
    explained: { depositsNotFinal: string };
  };
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/**
 * A chain of its own per database: two portals on one chain would derive the
 * same deposit addresses and read each other's deposits.
 */
async function withChain(work: (chain: TestChain) => Promise<void>): Promise<void> {
  const chain = await startTestChain({ confirmations: 1, hotTokens: HOT_FUNDING });
  try {
    await work(chain);
  } finally {
    await chain.stop();
  }
}

describe('backup and restore of the embedded database (PGlite)', () => {
  it('restores a portal with money in flight: every deposit credited once, the payout paid once, the books reconcile', async () => {
    const source = { dataDir: path.join(scratch, 'data') };
    const target = { dataDir: path.join(scratch, 'restored') };
    await withChain((chain) =>
      scenario(
        chain,
        {
          source,
          target,
          refusal: /already holds a database/,
          readable: (file) => gunzipSync(readFileSync(file)).toString('latin1'),
        },
        path.join(scratch, 'portal.tar.gz'),
      ),
    );
  }, 120_000);

  it('refuses to back up a folder that holds no database, and to overwrite a file', async () => {
    await expect(backup({ dataDir: path.join(scratch, 'empty') }, path.join(scratch, 'x.tar.gz'))).rejects.toThrow(
      /holds no embedded database/,
    );
    const taken = path.join(scratch, 'taken.tar.gz');
    writeFileSync(taken, 'an earlier backup');
    await expect(backup({ dataDir: path.join(scratch, 'empty') }, taken)).rejects.toThrow(/already exists/);
    expect(readFileSync(taken, 'utf8')).toBe('an earlier backup');
  });

  it('refuses a file that is no backup and leaves the folder as it was', async () => {
    const garbage = path.join(scratch, 'garbage.tar.gz');
    writeFileSync(garbage, 'not a backup');
    const dataDir = path.join(scratch, 'fresh');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'kept\n');
    await expect(restore({ dataDir }, garbage)).rejects.toThrow(
      /could not be read as a backup of the embedded database/,
    );
    expect(readdirSync(dataDir)).toEqual(['jwt-secret']);
  });
});

const serverUrl = process.env.DATABASE_URL;
describe.skipIf(!serverUrl)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  const names = [`bk_src_${randomBytes(4).toString('hex')}`, `bk_dst_${randomBytes(4).toString('hex')}`];
  const urlOf = (name: string) => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: urlOf('postgres') });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    await admin(async (client) => {
      for (const name of names) await client.query(`CREATE DATABASE ${name}`);
    });
  });
  // DROP DATABASE waits for a checkpoint, which took over 60 s in CI with both suites writing.
  afterAll(async () => {
    await admin(async (client) => {
      for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  }, 180_000);

  it('restores a portal with money in flight into an empty database: every deposit credited once, the payout paid once, the books reconcile', async () => {
    const source = { databaseUrl: urlOf(names[0]!), dataDir: scratch };
    const target = { databaseUrl: urlOf(names[1]!), dataDir: scratch };
    await withChain((chain) =>
      scenario(
        chain,
        {
          source,
          target,
          refusal: /already holds a portal/,
          readable: (file) => execFileSync('pg_restore', ['--file=-', file]).toString(),
        },
        path.join(scratch, 'portal.dump'),
      ),
    );
  }, 120_000);

  it('refuses to restore into a database that is not empty', async () => {
    const other = `bk_other_${randomBytes(4).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${other}`));
    try {
      const client = new pg.Client({ connectionString: urlOf(other) });
      await client.connect();
      await client.query('CREATE TABLE something (x int)');
      await client.end();
      const file = path.join(scratch, 'any.dump');
      writeFileSync(file, 'checked after the database');
      await expect(restore({ databaseUrl: urlOf(other), dataDir: scratch }, file)).rejects.toThrow(
        /not empty \(1 tables/,
      );
      const still = new pg.Client({ connectionString: urlOf(other) });
      await still.connect();
      expect((await still.query('SELECT count(*)::int AS n FROM something')).rows).toEqual([{ n: 0 }]);
      await still.end();
    } finally {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${other} WITH (FORCE)`));
    }
  });
});
