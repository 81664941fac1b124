import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBaseUnits } from '@portal/contract';
import { privateKeyToAccount } from 'viem/accounts';
import { depositOnEmbeddedChain } from '../../../bench/demo/chain-deposits';
import { embeddedSettingsFor } from '../src/platform/chain/embedded';
import { sql } from '../src/platform/db/sql';
import {
  bearer,
  enableAdminTwoFactor,
  loginAdmin,
  registerMember,
  startPortal,
  type Session,
  type TestPortal,
} from './harness';
import { assertBooksConsistent, balances } from './ledger/ledger-helpers';
import { freshAddress, pendingWithdrawal } from './withdrawals/payout-helpers';
import { setSettings } from './withdrawals/withdrawal-helpers';

/**
 * seed:demo's deposits of today: the embedded chain of DATA_DIR started as
 * main.ts starts it, test USDT sent, the portal's watcher crediting it, and
 * a consolidation sweeping it to the hot wallet, from which the payout job
 * then pays the withdrawal the admin approves.
 */
let portal: TestPortal;
let dataDir: string;
let members: Session[];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'seed-demo-chain-'));
  portal = await startPortal({ DATA_DIR: dataDir });
  members = [await registerMember(portal.app), await registerMember(portal.app)];
});
afterAll(async () => {
  await portal?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('seed:demo on the embedded chain', () => {
  it('sends each deposit on the chain and the watcher credits it to the member; a withdrawal is paid from the hot wallet', async () => {
    // A pending withdrawal, asked as the seed asks them (withdrawals.ts: no member two-factor, the hold passed).
    const admin = await loginAdmin(portal.app);
    // Settings are changed by an admin with two-factor on (the `adminsRequireTwoFactor` setting).
    await enableAdminTwoFactor(portal, admin);
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
    const to = freshAddress();
    const { id } = await pendingWithdrawal(portal, admin, to, '20');
    const done = await depositOnEmbeddedChain(
      portal.ctx,
      [
        { memberId: members[0]!.user.id, amount: toBaseUnits('150') },
        { memberId: members[1]!.user.id, amount: toBaseUnits('50') },
      ],
      [id],
    );
    expect(done).toEqual({ credited: 2, paid: 1 });
    const payout = await portal.db.query<{ status: string; to_address: string; tx_hash: string | null }>(
      sql`SELECT w.status, p.to_address, p.tx_hash FROM withdrawals w JOIN payouts p ON p.withdrawal_id = w.id WHERE w.id = ${id}`,
    );
    expect(payout.rows).toEqual([
      { status: 'paid', to_address: expect.stringMatching(new RegExp(to, 'i')), tx_hash: expect.stringMatching(/^0x/) },
    ]);
    await assertBooksConsistent(portal.db);
    expect((await balances(portal.app, members[0]!)).deposit).toBe('150.00');
    expect((await balances(portal.app, members[1]!)).deposit).toBe('50.00');
    const list = await portal.app.inject({ method: 'GET', url: '/api/deposits', headers: bearer(members[0]!) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toEqual([expect.objectContaining({ amount: '150.00', status: 'credited' })]);

    // Consolidated as an admin would: under the hot wallet's target (1,000 USDT), both go to the hot wallet.
    const hot = privateKeyToAccount(embeddedSettingsFor(dataDir, portal.ctx.config.chain).hotWalletKey!).address;
    const sweeps = await portal.db.query<{ to_address: string; amount: string; status: string }>(
      sql`SELECT to_address, amount::text, status FROM consolidation_txs WHERE kind = 'sweep' ORDER BY id`,
    );
    expect(sweeps.rows).toEqual([
      { to_address: hot.toLowerCase(), amount: toBaseUnits('150').toString(), status: 'confirmed' },
      { to_address: hot.toLowerCase(), amount: toBaseUnits('50').toString(), status: 'confirmed' },
    ]);
  });
});
