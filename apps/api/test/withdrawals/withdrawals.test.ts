import { describe, expect, it } from 'vitest';
import { bearer, errorOf, registerMember, usePortal } from '../harness';
import { assertBooksConsistent, balances, fund } from '../ledger/ledger-helpers';
import { codeAt, enableTwoFactor, freshCode } from '../two-factor/two-factor-helpers';
import { OUTSIDE, requestWithdrawal, saveAddress, setSettings } from './withdrawal-helpers';
import { sql } from '../../src/platform/db/sql';
import { toBaseUnits } from '@portal/contract';

describe('withdrawal requests (no chain)', () => {
  const requests = useWithdrawalRequests();
  settingsAndRefusedAddressTests(requests);
  addressHoldAndAmountTests(requests);
  idempotencyAndRejectionTests(requests);
  concurrencyAndHotWalletTests(requests);
});

function useWithdrawalRequests() {
  const { portal, admin } = usePortal();

  /** The admin dashboard's count of withdrawals waiting for approval, and their amount in base units. */
  async function waitingOnDashboard(): Promise<{ count: number; amount: bigint }> {
    const res = await portal.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const { count, amount } = res.json().pending.withdrawals as { count: number; amount: string };
    return { count, amount: toBaseUnits(amount) };
  }

  async function readyMember(income = '100') {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', income);
    const { secret } = await enableTwoFactor(portal, member);
    return { member, secret };
  }
  return { portal, admin, waitingOnDashboard, readyMember };
}
type WithdrawalRequests = ReturnType<typeof useWithdrawalRequests>;

function settingsAndRefusedAddressTests({ portal, admin, readyMember }: WithdrawalRequests) {
  it('has the settings with their defaults', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin) });
    expect(res.json()).toMatchObject({
      withdrawalMinimum: '10',
      withdrawalFeePercent: '5',
      withdrawalFeeMinimum: '1',
      withdrawalOnePending: true,
      withdrawalRequiresTwoFactor: true,
      withdrawalAddressHoldHours: '24',
    });
  });

  it('refuses a member without two-factor, saying how to enable it', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '50');
    const res = await requestWithdrawal(portal.app, member, { amount: '20', address: OUTSIDE[0] });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', field: 'totpCode' });
    expect(errorOf(res).message).toMatch(/Account settings/);
  });

  it('refuses every bad address, naming the field', async () => {
    const { member, secret } = await readyMember();
    const cases: Array<[string, number, string]> = [
      ['0x123', 400, 'ADDRESS_MALFORMED'],
      ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 400, 'ADDRESS_MALFORMED'],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeZ', 400, 'ADDRESS_MALFORMED'],
      ['0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 400, 'ADDRESS_CHECKSUM'],
      ['0x0000000000000000000000000000000000000000', 422, 'ADDRESS_ZERO'],
    ];
    for (const [address, status, code] of cases) {
      const res = await requestWithdrawal(portal.app, member, {
        amount: '20',
        address,
        totpCode: freshCode(portal, secret),
      });
      expect(res.statusCode, address).toBe(status);
      expect(errorOf(res), address).toMatchObject({ code, field: 'address' });
      const saved = await saveAddress(portal.app, member, address);
      expect(errorOf(saved), address).toMatchObject({ code, field: 'address' });
    }
    // One case throughout is fine: an address without a checksum.
    expect((await saveAddress(portal.app, member, OUTSIDE[3]!.toLowerCase())).statusCode).toBe(201);
  });

  it("refuses a member's deposit address (any member's), in any letter case", async () => {
    const { member, secret } = await readyMember();
    const other = await registerMember(portal.app);
    // A deposit address as the deposits feature stores it: lower case, one per member.
    const deposit = '0x52908400098527886e0f7030069857d2e4169ee7';
    await portal.db.query(
      sql`INSERT INTO deposit_addresses (member_id, address_index, address) VALUES (${other.user.id}, 900001, ${deposit})`,
    );
    const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
    const res = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: checksummed,
      totpCode: freshCode(portal, secret),
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'ADDRESS_IS_PLATFORM', field: 'address' });
  });
}

function addressHoldAndAmountTests({ readyMember, portal, admin }: WithdrawalRequests) {
  it('holds a new address for 24 hours (saved by the first request to it), then accepts it', async () => {
    const { member, secret } = await readyMember();
    const first = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: OUTSIDE[0],
      totpCode: freshCode(portal, secret),
    });
    expect(first.statusCode).toBe(422);
    expect(errorOf(first)).toMatchObject({ code: 'ADDRESS_ON_HOLD', field: 'address' });
    expect(errorOf(first).message).toMatch(/can be used from \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const list = await portal.app.inject({ method: 'GET', url: '/api/withdrawal-addresses', headers: bearer(member) });
    expect(list.json().items).toEqual([expect.objectContaining({ address: OUTSIDE[0], usable: false })]);
    const mails = await portal.db.query<{ subject: string; body: string }>(
      sql`SELECT subject, body FROM mail_outbox WHERE to_address = ${`${member.user.username}@example.com`}`,
    );
    expect(mails.rows).toEqual([
      expect.objectContaining({ subject: 'A withdrawal address was saved to your account' }),
    ]);
    expect(mails.rows[0]!.body).toContain(OUTSIDE[0]);

    portal.clock.advance(23 * 3_600_000);
    const early = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: OUTSIDE[0],
      totpCode: freshCode(portal, secret),
    });
    expect(errorOf(early).code).toBe('ADDRESS_ON_HOLD');
    portal.clock.advance(3_600_000);
    const ok = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: OUTSIDE[0],
      totpCode: freshCode(portal, secret),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      amount: '20.00',
      fee: '1.00',
      net: '19.00',
      status: 'pending',
      address: OUTSIDE[0],
    });
    expect((await balances(portal.app, member)).income).toBe('80.00');
    // The admin sees the address history.
    const history = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/members/${member.user.id}/withdrawal-addresses`,
      headers: bearer(admin),
    });
    expect(history.json().items).toHaveLength(1);
  });

  it('a shortened hold frees the addresses already waiting; a longer one holds only addresses saved after it', async () => {
    const { member, secret } = await readyMember();
    const send = (who: typeof member, code: string) =>
      requestWithdrawal(portal.app, who, { amount: '20', address: OUTSIDE[0], totpCode: code });
    expect(errorOf(await send(member, freshCode(portal, secret))).code).toBe('ADDRESS_ON_HOLD'); // saved under 24 hours
    portal.clock.advance(3 * 3_600_000);
    expect(errorOf(await send(member, freshCode(portal, secret))).code).toBe('ADDRESS_ON_HOLD');
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '2' });
    // Saved three hours ago: past the two hours now in force.
    const list = await portal.app.inject({ method: 'GET', url: '/api/withdrawal-addresses', headers: bearer(member) });
    expect(list.json().items).toEqual([expect.objectContaining({ address: OUTSIDE[0], usable: true })]);
    expect((await send(member, freshCode(portal, secret))).statusCode).toBe(201);

    const other = await readyMember();
    expect(errorOf(await send(other.member, freshCode(portal, other.secret))).code).toBe('ADDRESS_ON_HOLD'); // saved under 2 hours
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '48' });
    portal.clock.advance(2 * 3_600_000);
    expect((await send(other.member, freshCode(portal, other.secret))).statusCode).toBe(201);
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '24' });
  });

  it('refuses amounts by the rules and a second pending request; a reused code is refused', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0' });
    const { member, secret } = await readyMember('100');
    const send = (amount: string, code = freshCode(portal, secret)) =>
      requestWithdrawal(portal.app, member, { amount, address: OUTSIDE[1], totpCode: code });
    expect(errorOf(await send('9.99'))).toMatchObject({ code: 'BELOW_MINIMUM', field: 'amount' });
    expect(errorOf(await send('100.01'))).toMatchObject({ code: 'INSUFFICIENT_BALANCE', field: 'amount' });
    expect(errorOf(await send('10.0000000000000000001'))).toMatchObject({ field: 'amount' });
    const noCode = await requestWithdrawal(portal.app, member, { amount: '50', address: OUTSIDE[1] });
    expect(errorOf(noCode)).toMatchObject({ code: 'TOTP_REQUIRED', field: 'totpCode' });
    const code = freshCode(portal, secret);
    const ok = await send('50', code);
    expect(ok.statusCode, ok.body).toBe(201);
    // 5% of 50 is 2.5, above the 1 USDT floor.
    expect(ok.json()).toMatchObject({ fee: '2.50', net: '47.50' });
    expect(errorOf(await send('10', code))).toMatchObject({ code: 'TOTP_REUSED', field: 'totpCode' });
    const stale = codeAt(secret, new Date(portal.clock.now.getTime() - 120_000));
    expect(errorOf(await send('10', stale))).toMatchObject({ code: 'TOTP_INVALID', field: 'totpCode' });
    const second = await send('10');
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'WITHDRAWAL_PENDING' });
    expect((await balances(portal.app, member)).income).toBe('50.00');
    const history = await portal.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(member) });
    expect(history.json()).toMatchObject({ total: 1, items: [{ amount: '50.00', status: 'pending' }] });
    await assertBooksConsistent(portal.db);
  });
}

function idempotencyAndRejectionTests({ portal, admin, readyMember, waitingOnDashboard }: WithdrawalRequests) {
  it('replays an Idempotency-Key without moving money twice', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '30');
    const a = await requestWithdrawal(portal.app, member, { amount: '12', address: OUTSIDE[2] }, 'key-1');
    const b = await requestWithdrawal(portal.app, member, { amount: '12', address: OUTSIDE[2] }, 'key-1');
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().id).toBe(a.json().id);
    expect((await balances(portal.app, member)).income).toBe('18.00');
    await setSettings(portal.app, admin, { withdrawalRequiresTwoFactor: true });
  });

  it('rejects with a reason and refunds the whole amount in one entry; the member sees the reason', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0' });
    const { member, secret } = await readyMember('40');
    const waiting = await waitingOnDashboard();
    const ok = await requestWithdrawal(portal.app, member, {
      amount: '40',
      address: OUTSIDE[3],
      totpCode: freshCode(portal, secret),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().id as number;
    expect(await waitingOnDashboard()).toEqual({
      count: waiting.count + 1,
      amount: waiting.amount + toBaseUnits('40'),
    });
    const noReason = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/reject`,
      headers: bearer(admin),
      payload: {},
    });
    expect(errorOf(noReason)).toMatchObject({ field: 'reason' });
    const memberTry = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/reject`,
      headers: bearer(member),
      payload: { reason: 'mine' },
    });
    expect(memberTry.statusCode).toBe(403);
    const activity = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals/${id}/activity`,
      headers: bearer(admin),
    });
    expect(activity.json().items.map((item: { type: string }) => item.type)).toEqual(['withdrawal', 'adjustment']);
    const pending = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals?status=pending',
      headers: bearer(admin),
    });
    expect(pending.json().items.map((w: { id: number }) => w.id)).toContain(id);
    const rejected = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/reject`,
      headers: bearer(admin),
      payload: { reason: 'Address looks wrong' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Address looks wrong' });
    expect(await waitingOnDashboard()).toEqual(waiting);
    expect((await balances(portal.app, member)).income).toBe('40.00');
    const again = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/reject`,
      headers: bearer(admin),
      payload: { reason: 'twice' },
    });
    expect(again.statusCode).toBe(409);
    const mine = await portal.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(member) });
    expect(mine.json().items[0]).toMatchObject({ status: 'rejected', reason: 'Address looks wrong' });
    const refunds = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE type = 'withdrawal_refund' AND refs->>'withdrawalId' = ${String(id)}`,
    );
    expect(refunds.rows[0]!.n).toBe(1);
    const audit = await portal.db.query(
      sql`SELECT 1 FROM audit_log WHERE action = 'withdrawal.reject' AND target_id = ${String(id)}`,
    );
    expect(audit.rows).toHaveLength(1);
    await assertBooksConsistent(portal.db);
  });
}

function concurrencyAndHotWalletTests({ portal, admin, readyMember }: WithdrawalRequests) {
  it('100 concurrent requests against one balance: at most one pending, never negative', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '100');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => requestWithdrawal(portal.app, member, { amount: '30', address: OUTSIDE[0] })),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.every((code) => code === 201 || code === 409 || code === 422)).toBe(true);
    expect((await balances(portal.app, member)).income).toBe('70.00');
    const { rows } = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${member.user.id}`,
    );
    expect(rows[0]!.n).toBe(1);

    // Without the one-pending rule, the balance still decides: never below zero.
    await setSettings(portal.app, admin, { withdrawalOnePending: false });
    const many = await Promise.all(
      Array.from({ length: 100 }, () => requestWithdrawal(portal.app, member, { amount: '15', address: OUTSIDE[0] })),
    );
    expect(many.filter((res) => res.statusCode === 201)).toHaveLength(4);
    expect((await balances(portal.app, member)).income).toBe('10.00');
    await setSettings(portal.app, admin, { withdrawalOnePending: true, withdrawalRequiresTwoFactor: true });
    await assertBooksConsistent(portal.db);
  });

  it('refuses to approve without a hot wallet, changing nothing', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0' });
    const { member, secret } = await readyMember('20');
    const ok = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: OUTSIDE[1],
      totpCode: freshCode(portal, secret),
    });
    const id = ok.json().id as number;
    const res = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/approve`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).code).toBe('PAYOUTS_NOT_CONFIGURED');
    const after = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals?status=pending`,
      headers: bearer(admin),
    });
    expect(after.json().items.map((w: { id: number }) => w.id)).toContain(id);
  });
}

describe('the approval page when the chain node is down', () => {
  it('answers the hot wallet with a warning instead of an error', async () => {
    const { startPortal, loginAdmin } = await import('../harness');
    const portal = await startPortal({
      CHAIN_RPC_URL: 'http://127.0.0.1:9',
      CHAIN_ID: '31337',
      TOKEN_ADDRESS: OUTSIDE[0]!,
      TREASURY_ADDRESS: OUTSIDE[1]!,
      DEPOSIT_MNEMONIC: 'test test test test test test test test test test test junk',
      HOT_WALLET_KEY: `0x${'11'.repeat(32)}`,
    });
    try {
      const admin = await loginAdmin(portal.app);
      const res = await portal.app.inject({
        method: 'GET',
        url: '/api/admin/withdrawals/hot-wallet',
        headers: bearer(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ configured: true, warning: expect.stringMatching(/could not be reached/) });
    } finally {
      await portal.close();
    }
  });
});
