import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bytesToHex, parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestoreCheckList } from '@portal/contract';
import { backup, restore, type BackupTarget } from '../../src/backup/backup';
import { createDepositWatcher } from '../../src/deposits/watcher';
import { sql } from '../../src/platform/db/sql';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';
import { startTestChain, type TestChain } from '../platform/chain/chain-helpers';
import {
  adminAuthenticator,
  bearer,
  enableAdminTwoFactor,
  loginAdmin,
  startPortal,
  useAdminAuthenticator,
  type TestPortal,
} from '../harness';
import { assertBooksConsistent } from '../ledger/ledger-helpers';
import { approve, payAll, pendingWithdrawal, withdrawal } from '../withdrawals/payout-helpers';
import { setSettings } from '../withdrawals/withdrawal-helpers';

/**
 * A restore that never pays twice (apps/api/src/withdrawals/payout/after-restore.ts):
 * two payouts are approved and queued; the backup is taken; the old portal
 * then pays the first and is killed before the second; the backup is
 * restored and a portal started on it against the same anvil. The first is
 * found on chain and settled as paid with the old portal's transaction (its
 * recipient paid once), the second released and paid once; an admin sees
 * the outcome, and the audit log holds it.
 */
const fresh = (): Address => privateKeyToAccount(bytesToHex(randomBytes(32))).address;

async function scenario(chain: TestChain, source: BackupTarget, target: BackupTarget, file: string) {
  const totpKey = randomBytes(32).toString('hex');
  const open = (t: BackupTarget) =>
    startPortal(
      { ...chain.env, TOTP_ENCRYPTION_KEY: totpKey },
      { database: t.databaseUrl ? { url: t.databaseUrl } : { dataDir: t.dataDir } },
    );

  let portal: TestPortal = await open(source);
  const [paidTo, laterTo] = [fresh(), fresh()];
  let paidId: number;
  let laterId: number;
  let authenticator;
  try {
    const admin = await loginAdmin(portal.app);
    await enableAdminTwoFactor(portal, admin);
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
    const watcher = createDepositWatcher(portal.ctx, portal.ctx.chain!);
    await watcher.tick();
    await watcher.release();
    paidId = (await pendingWithdrawal(portal, admin, paidTo, '30')).id;
    laterId = (await pendingWithdrawal(portal, admin, laterTo, '10')).id;
    await approve(portal, admin, [paidId, laterId]);
    authenticator = adminAuthenticator(portal);
  } finally {
    await portal.close();
  }

  const made = await backup(source, file);
  expect(made.bytes).toBeGreaterThan(0);

  // The old portal runs on after the backup: it pays the first payout and is killed before the second.
  portal = await open(source);
  try {
    await expect(
      createPayoutRunner(portal.ctx, {
        after(step) {
          if (step === 'broadcast') throw new Error('killed after paying one');
        },
      }).pass(),
    ).rejects.toThrow('killed after paying one');
  } finally {
    await portal.close();
  }
  await chain.mine(3);
  const paidOnce = await chain.balanceOf(paidTo);
  expect(paidOnce).toBe(parseUnits('28.5', 18));
  expect(await chain.balanceOf(laterTo)).toBe(0n);

  // Restored: both payouts held until matched on chain.
  expect(await restore(target, file)).toMatchObject({ unsignedPayouts: 2, heldPayouts: 2 });
  portal = await open(target);
  try {
    useAdminAuthenticator(portal, authenticator);
    const admin = await loginAdmin(portal.app);
    const checks = async () => {
      const res = await portal.app.inject({
        method: 'GET',
        url: '/api/admin/withdrawals/restore-checks',
        headers: bearer(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RestoreCheckList>().items;
    };
    expect(await checks()).toMatchObject([{ status: 'pending', payouts: [{ outcome: null }, { outcome: null }] }]);

    await payAll(portal, chain);

    // Found on chain: settled as paid with the old portal's transaction, never sent again.
    const paid = await withdrawal(portal, admin, paidId);
    expect(paid.status).toBe('paid');
    expect(await chain.balanceOf(paidTo)).toBe(paidOnce);
    const sent = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id WHERE p.withdrawal_id = ${paidId}`,
    );
    expect(sent.rows[0]!.n).toBe(0);
    // Not found: released and paid once (10 less the minimum fee of 1).
    expect((await withdrawal(portal, admin, laterId)).status).toBe('paid');
    expect(await chain.balanceOf(laterTo)).toBe(parseUnits('9', 18));

    const [check] = await checks();
    expect(check).toMatchObject({
      status: 'done',
      payouts: [
        { withdrawalId: paidId, outcome: 'found', txHash: paid.txHash },
        { withdrawalId: laterId, outcome: 'released', txHash: null },
      ],
    });
    const audit = await portal.db.query<{ details: { summary: string } }>(
      sql`SELECT details FROM audit_log WHERE action = 'payout.restore_check'`,
    );
    expect(audit.rows.map((r) => r.details.summary)).toEqual([
      'After the restore: 1 payout(s) found on chain and settled as paid, 1 released to be paid',
    ]);
    const entries = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE type = 'withdrawal_payout'`,
    );
    expect(entries.rows[0]!.n).toBe(2);
    await assertBooksConsistent(portal.db);
  } finally {
    await portal.close();
  }
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'portal-restore-once-'));
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function withChain(work: (chain: TestChain) => Promise<void>): Promise<void> {
  const chain = await startTestChain({ confirmations: 1, hotTokens: '100' });
  try {
    await work(chain);
  } finally {
    await chain.stop();
  }
}

const serverUrl = process.env.DATABASE_URL;
describe.skipIf(!!serverUrl)('a restore of the embedded database (PGlite) never pays twice', () => {
  it('finds the payout the old portal paid after the backup and settles it; releases the other', async () => {
    await withChain((chain) =>
      scenario(
        chain,
        { dataDir: path.join(scratch, 'data') },
        { dataDir: path.join(scratch, 'restored') },
        path.join(scratch, 'portal.tar.gz'),
      ),
    );
  }, 120_000);
});

describe.skipIf(!serverUrl)('a restore on PostgreSQL never pays twice', () => {
  const names = [`ro_src_${randomBytes(4).toString('hex')}`, `ro_dst_${randomBytes(4).toString('hex')}`];
  const urlOf = (name: string) => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const server = async (work: (client: pg.Client) => Promise<void>) => {
    const client = new pg.Client({ connectionString: urlOf('postgres') });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  beforeAll(() => server(async (c) => void (await Promise.all(names.map((n) => c.query(`CREATE DATABASE ${n}`))))));
  // DROP DATABASE waits for a checkpoint, which took over 60 s in CI with both suites writing.
  afterAll(
    () =>
      server(async (c) => {
        for (const n of names) await c.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      }),
    180_000,
  );

  it('finds the payout the old portal paid after the backup and settles it; releases the other', async () => {
    await withChain((chain) =>
      scenario(
        chain,
        { databaseUrl: urlOf(names[0]!), dataDir: scratch },
        { databaseUrl: urlOf(names[1]!), dataDir: scratch },
        path.join(scratch, 'portal.dump'),
      ),
    );
  }, 120_000);
});
