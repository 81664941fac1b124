import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, errorOf, registerMember, type Session, usePortal } from '../harness';
import { adjust, assertBooksConsistent, balances, booksFingerprint, convert, fund, transfer } from './ledger-helpers';
import { sql } from '../../src/platform/db/sql';

const { portal, admin } = usePortal();

const get = (session: Session, url: string) => portal.app.inject({ method: 'GET', url, headers: bearer(session) });

async function setSettings(patch: Record<string, string>) {
  const res = await portal.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: bearer(admin),
    payload: patch,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('wallets', () => {
  it('a new member has three empty wallets and no history', async () => {
    const member = await registerMember(portal.app);
    const res = await get(member, '/api/wallets');
    expect(res.statusCode).toBe(200);
    expect(res.json().wallets).toEqual([
      { wallet: 'deposit', label: 'Deposit wallet', unit: 'USDT', balance: '0.00' },
      { wallet: 'income', label: 'Income wallet', unit: 'USDT', balance: '0.00' },
      { wallet: 'points', label: 'Point wallet', unit: 'POINT', balance: '0.00' },
    ]);
    const history = await get(member, '/api/wallets/deposit/entries');
    expect(history.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('refuses an unknown wallet name with a 400 naming it', async () => {
    const member = await registerMember(portal.app);
    const res = await get(member, '/api/wallets/savings/entries');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('wallet');
  });

  it('is for members only: an admin without a membership gets 403', async () => {
    const res = await get(admin, '/api/wallets');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NOT_A_MEMBER');
  });
});

describe('manual adjustments', () => {
  creditAndDebitTests();
  adjustmentRefusalTests();
});

function creditAndDebitTests() {
  it('credits a wallet to the last of 18 decimals, as a journal entry, audited with its reason', async () => {
    const member = await registerMember(portal.app);
    const res = await adjust(portal.app, admin, member.user.id, {
      wallet: 'deposit',
      amount: '125.000000000000000001',
      reason: 'Opening balance',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      wallet: 'deposit',
      direction: 'credit',
      amount: '125.000000000000000001',
      balance: '125.000000000000000001',
      reason: 'Opening balance',
    });
    expect((await balances(portal.app, member)).deposit).toBe('125.000000000000000001');

    // The reason is the admin's note: without a memo the member reads the default one.
    const history = await get(member, '/api/wallets/deposit/entries');
    expect(history.json().items[0]).toMatchObject({
      type: 'adjustment',
      amount: '125.000000000000000001',
      balanceAfter: '125.000000000000000001',
      description: 'Credit by the company: Balance adjustment',
    });

    const audit = await get(admin, `/api/admin/audit-log?action=member.adjust&targetId=${member.user.id}`);
    expect(audit.json().items).toHaveLength(1);
    expect(audit.json().items[0]).toMatchObject({
      actor: { username: 'admin' },
      targetType: 'member',
      details: { reason: 'Opening balance', amount: '125.000000000000000001', wallet: 'deposit' },
    });
    await assertBooksConsistent(portal.db);
  });

  it('debits, and refuses to debit more than the wallet holds (nothing moves, nothing is audited)', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '10');
    const debit = await adjust(portal.app, admin, member.user.id, {
      wallet: 'income',
      amount: '4.5',
      direction: 'debit',
      reason: 'Correction of a duplicate bonus',
    });
    expect(debit.statusCode, debit.body).toBe(201);
    expect(debit.json().balance).toBe('5.50');

    const before = await booksFingerprint(portal.db);
    const over = await adjust(portal.app, admin, member.user.id, {
      wallet: 'income',
      amount: '5.51',
      direction: 'debit',
      reason: 'Too much',
    });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient balance: the income wallet holds 5.50 USDT, and this needs 5.51 USDT.',
    });
    expect(await booksFingerprint(portal.db)).toBe(before);
  });

  it('points are their own unit', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'points', '7.25');
    expect(await balances(portal.app, member)).toEqual({ deposit: '0.00', income: '0.00', points: '7.25' });
    const tx = await get(admin, `/api/admin/transactions?member=${member.user.username}`);
    const postings = tx.json().items[0].postings;
    expect(
      postings.map((p: { unit: string; amount: string; account: string }) => [p.account, p.unit, p.amount]),
    ).toEqual([
      [`${member.user.username} / point wallet`, 'POINT', '7.25'],
      // A company account in words (SYSTEM_ACCOUNT_LABELS), its code beside it.
      ['Company adjustments (points)', 'POINT', '-7.25'],
    ]);
    expect(postings.map((p: { system: string | null }) => p.system)).toEqual([null, 'point_adjustments']);
  });
}

function adjustmentRefusalTests() {
  it.each([
    ['no reason', { reason: undefined }, 'reason'],
    ['a blank reason', { reason: '   ' }, 'reason'],
    ['an unknown wallet', { wallet: 'savings' }, 'wallet'],
    ['an unknown direction', { direction: 'sideways' }, 'direction'],
    ['a negative amount', { amount: '-5' }, 'amount'],
    ['zero', { amount: '0' }, 'amount'],
  ])('refuses %s with a 400 naming the field, moving nothing', async (_case, change, field) => {
    const member = await registerMember(portal.app);
    const before = await booksFingerprint(portal.db);
    const payload: Record<string, unknown> = {
      wallet: 'deposit',
      direction: 'credit',
      amount: '10',
      reason: 'Because',
      ...change,
    };
    for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
    const res = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.user.id}/adjustments`,
      headers: bearer(admin),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe(field);
    expect(await booksFingerprint(portal.db)).toBe(before);
  });

  it('answers 404 for an unknown member and 403 to a member', async () => {
    const member = await registerMember(portal.app);
    expect((await adjust(portal.app, admin, 999_999, { wallet: 'deposit', amount: '1' })).statusCode).toBe(404);
    const res = await adjust(portal.app, member, member.user.id, { wallet: 'deposit', amount: '1' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('ADMIN_ONLY');
  });

  it('a repeated Idempotency-Key credits once and answers the first answer again', async () => {
    const member = await registerMember(portal.app);
    const first = await adjust(portal.app, admin, member.user.id, { wallet: 'deposit', amount: '50' }, 'adj-key-1');
    const second = await adjust(portal.app, admin, member.user.id, { wallet: 'deposit', amount: '50' }, 'adj-key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await balances(portal.app, member)).deposit).toBe('50.00');

    const reused = await adjust(portal.app, admin, member.user.id, { wallet: 'deposit', amount: '51' }, 'adj-key-1');
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await balances(portal.app, member)).deposit).toBe('50.00');
  });
}

describe('transfers', () => {
  transferAndFeeTests();
  badTransferInputTests();
  transferKeyAndBlockingTests();
  transferListTests();
});

function transferAndFeeTests() {
  it('moves USDT between deposit wallets, seen in both histories and both wallets', async () => {
    const alice = await registerMember(portal.app, { fullName: 'Alice Sender' });
    const bob = await registerMember(portal.app, { fullName: 'Bob Receiver' });
    await fund(portal.app, admin, alice.user.id, 'deposit', '100');

    const lookup = await get(alice, `/api/transfers/receiver?username=${bob.user.username.toUpperCase()}`);
    expect(lookup.json()).toEqual({ username: bob.user.username, fullName: 'Bob Receiver' });

    const quote = await get(alice, `/api/transfers/quote?toUsername=${bob.user.username}&amount=12.345`);
    expect(quote.json()).toEqual({
      receiver: { username: bob.user.username, fullName: 'Bob Receiver' },
      amount: '12.345',
      fee: '0.00',
      feePercent: '0',
      received: '12.345',
    });

    const res = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '12.345' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amount: '12.345',
      fee: '0.00',
      received: '12.345',
      from: { username: alice.user.username },
      to: { username: bob.user.username, fullName: 'Bob Receiver' },
    });

    expect((await balances(portal.app, alice)).deposit).toBe('87.655');
    expect((await balances(portal.app, bob)).deposit).toBe('12.345');

    const sent = await get(alice, '/api/transfers?direction=sent');
    expect(sent.json().items.map((t: { id: number }) => t.id)).toEqual([res.json().id]);
    const received = await get(bob, '/api/transfers?direction=received');
    expect(received.json().items).toEqual([res.json()]);
    expect((await get(bob, '/api/transfers?direction=sent')).json().total).toBe(0);

    const bobHistory = await get(bob, '/api/wallets/entries?wallet=deposit');
    expect(bobHistory.json().items[0]).toMatchObject({
      type: 'transfer',
      amount: '12.345',
      description: `Transfer from ${alice.user.username}`,
    });
    const aliceHistory = await get(alice, '/api/wallets/deposit/entries?direction=out');
    expect(aliceHistory.json().items).toHaveLength(1);
    expect(aliceHistory.json().items[0]).toMatchObject({
      amount: '-12.345',
      balanceAfter: '87.655',
      description: `Transfer to ${bob.user.username}`,
    });
    await assertBooksConsistent(portal.db);
  });

  it('takes the fee in force from the amount; a later change of the fee does not touch earlier transfers', async () => {
    const alice = await registerMember(portal.app);
    const bob = await registerMember(portal.app);
    await fund(portal.app, admin, alice.user.id, 'deposit', '100');
    await setSettings({ transferFeePercent: '2.5' });
    try {
      const quote = await get(alice, `/api/transfers/quote?toUsername=${bob.user.username}&amount=10`);
      expect(quote.json()).toMatchObject({ amount: '10.00', fee: '0.25', feePercent: '2.5', received: '9.75' });
      const res = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '10' });
      expect(res.json()).toMatchObject({ amount: '10.00', fee: '0.25', received: '9.75' });
      expect((await balances(portal.app, alice)).deposit).toBe('90.00');
      expect((await balances(portal.app, bob)).deposit).toBe('9.75');
      const entry = (await get(admin, `/api/admin/transactions?member=${alice.user.username}&type=transfer`)).json()
        .items[0];
      expect(entry.postings.map((p: { account: string; amount: string }) => [p.account, p.amount])).toEqual([
        [`${alice.user.username} / deposit wallet`, '-10.00'],
        [`${bob.user.username} / deposit wallet`, '9.75'],
        ['Fees earned', '0.25'],
      ]);
    } finally {
      await setSettings({ transferFeePercent: '0' });
    }
    const earlier = (await get(alice, '/api/transfers?direction=sent')).json().items[0];
    expect(earlier).toMatchObject({ fee: '0.25', received: '9.75' });
  });
}

function badTransferInputTests() {
  describe('every bad input answers 4xx with its own code and moves nothing', () => {
    let alice: Session & { password: string };
    let bob: Session & { password: string };
    let blocked: Session & { password: string };
    beforeAll(async () => {
      alice = await registerMember(portal.app, { fullName: 'Alice Bad-Input' });
      bob = await registerMember(portal.app);
      blocked = await registerMember(portal.app);
      await fund(portal.app, admin, alice.user.id, 'deposit', '20');
      const res = await portal.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${blocked.user.id}`,
        headers: bearer(admin),
        payload: { status: 'blocked' },
      });
      expect(res.statusCode).toBe(200);
    });

    const cases: Array<[string, () => unknown, number, string, string]> = [
      [
        'an unknown receiver',
        () => ({ toUsername: 'nobody-by-that-name', amount: '5' }),
        422,
        'RECEIVER_NOT_FOUND',
        'toUsername',
      ],
      [
        'a receiver that is an admin without membership',
        () => ({ toUsername: 'admin', amount: '5' }),
        422,
        'RECEIVER_NOT_FOUND',
        'toUsername',
      ],
      ['oneself', () => ({ toUsername: alice.user.username, amount: '5' }), 422, 'TRANSFER_TO_SELF', 'toUsername'],
      [
        'oneself in another case',
        () => ({ toUsername: alice.user.username.toUpperCase(), amount: '5' }),
        422,
        'TRANSFER_TO_SELF',
        'toUsername',
      ],
      [
        'a blocked receiver',
        () => ({ toUsername: blocked.user.username, amount: '5' }),
        422,
        'RECEIVER_BLOCKED',
        'toUsername',
      ],
      ['below the minimum', () => ({ toUsername: bob.user.username, amount: '0.99' }), 422, 'BELOW_MINIMUM', 'amount'],
      [
        'more than the balance',
        () => ({ toUsername: bob.user.username, amount: '20.000000000000000001' }),
        422,
        'INSUFFICIENT_BALANCE',
        'amount',
      ],
      [
        '19 decimals',
        () => ({ toUsername: bob.user.username, amount: '1.0000000000000000001' }),
        400,
        'VALIDATION_ERROR',
        'amount',
      ],
      ['an exponent', () => ({ toUsername: bob.user.username, amount: '1e3' }), 400, 'VALIDATION_ERROR', 'amount'],
      ['a negative amount', () => ({ toUsername: bob.user.username, amount: '-5' }), 400, 'VALIDATION_ERROR', 'amount'],
      ['zero', () => ({ toUsername: bob.user.username, amount: '0.00' }), 400, 'VALIDATION_ERROR', 'amount'],
      ['a JSON number', () => ({ toUsername: bob.user.username, amount: 5 }), 400, 'VALIDATION_ERROR', 'amount'],
      ['a leading zero', () => ({ toUsername: bob.user.username, amount: '05' }), 400, 'VALIDATION_ERROR', 'amount'],
      ['a bare point', () => ({ toUsername: bob.user.username, amount: '.5' }), 400, 'VALIDATION_ERROR', 'amount'],
      ['a trailing point', () => ({ toUsername: bob.user.username, amount: '5.' }), 400, 'VALIDATION_ERROR', 'amount'],
      [
        'a thousands separator',
        () => ({ toUsername: bob.user.username, amount: '1,000' }),
        400,
        'VALIDATION_ERROR',
        'amount',
      ],
      ['spaces', () => ({ toUsername: bob.user.username, amount: ' 5' }), 400, 'VALIDATION_ERROR', 'amount'],
      ['Infinity', () => ({ toUsername: bob.user.username, amount: 'Infinity' }), 400, 'VALIDATION_ERROR', 'amount'],
      [
        'more than a trillion',
        () => ({ toUsername: bob.user.username, amount: '1000000000000.000000000000000001' }),
        400,
        'VALIDATION_ERROR',
        'amount',
      ],
      ['no amount', () => ({ toUsername: bob.user.username }), 400, 'VALIDATION_ERROR', 'amount'],
      ['no receiver', () => ({ amount: '5' }), 400, 'VALIDATION_ERROR', 'toUsername'],
      ['an empty receiver', () => ({ toUsername: '  ', amount: '5' }), 400, 'VALIDATION_ERROR', 'toUsername'],
    ];

    it.each(cases)('%s', async (_case, payload, status, code, field) => {
      const before = await booksFingerprint(portal.db);
      const res = await transfer(portal.app, alice, payload());
      expect(res.statusCode, res.body).toBe(status);
      expect(errorOf(res)).toMatchObject({ code, field });
      expect(errorOf(res).message.length).toBeGreaterThan(10);
      expect(await booksFingerprint(portal.db)).toBe(before);
    });

    it('the quote refuses the same way, so the page can say so before the confirmation', async () => {
      const res = await get(alice, `/api/transfers/quote?toUsername=${bob.user.username}&amount=50`);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).code).toBe('INSUFFICIENT_BALANCE');
      const blockedLookup = await get(alice, `/api/transfers/receiver?username=${blocked.user.username}`);
      expect(errorOf(blockedLookup).code).toBe('RECEIVER_BLOCKED');
    });

    it('a bad Idempotency-Key is a 400 naming the header', async () => {
      const res = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '5' }, 'x'.repeat(201));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe('idempotency-key');
    });

    it('after all that, alice still has exactly 20.00', async () => {
      expect((await balances(portal.app, alice)).deposit).toBe('20.00');
    });
  });
}

function transferKeyAndBlockingTests() {
  it('the same Idempotency-Key sent again moves nothing twice; another body with it is refused', async () => {
    const alice = await registerMember(portal.app);
    const bob = await registerMember(portal.app);
    await fund(portal.app, admin, alice.user.id, 'deposit', '10');
    const first = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '4' }, 'pay-bob-1');
    const again = await transfer(
      portal.app,
      alice,
      { toUsername: bob.user.username.toUpperCase(), amount: '4.00' },
      'pay-bob-1',
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await balances(portal.app, alice)).deposit).toBe('6.00');
    // Keys stored before the statement returned its facts hold the answer as it was sent.
    await portal.db.query(sql`UPDATE idempotency_keys SET response = ${JSON.stringify(first.json())}
                              WHERE user_id = ${alice.user.id} AND operation = 'transfer' AND key = 'pay-bob-1'`);
    const legacy = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '4' }, 'pay-bob-1');
    expect(legacy.headers['idempotent-replayed']).toBe('true');
    expect(legacy.json()).toEqual(first.json());

    const other = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '5' }, 'pay-bob-1');
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys are per user: bob may use the same text for his own request.
    await fund(portal.app, admin, bob.user.id, 'deposit', '1');
    const bobs = await transfer(portal.app, bob, { toUsername: alice.user.username, amount: '1' }, 'pay-bob-1');
    expect(bobs.statusCode).toBe(201);
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a failed request stores no answer: the same key works once the wallet is funded', async () => {
    const alice = await registerMember(portal.app);
    const bob = await registerMember(portal.app);
    const poor = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '3' }, 'retry-me');
    expect(poor.statusCode).toBe(422);
    await fund(portal.app, admin, alice.user.id, 'deposit', '3');
    const retried = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '3' }, 'retry-me');
    expect(retried.statusCode).toBe(201);
    expect((await balances(portal.app, bob)).deposit).toBe('3.00');
  });

  it('three requests with one key at the same moment make one entry', async () => {
    const alice = await registerMember(portal.app);
    const bob = await registerMember(portal.app);
    await fund(portal.app, admin, alice.user.id, 'deposit', '10');
    const answers = await Promise.all(
      [1, 2, 3].map(() => transfer(portal.app, alice, { toUsername: bob.user.username, amount: '2' }, 'same-moment')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().entryId)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect((await balances(portal.app, alice)).deposit).toBe('8.00');
    expect((await balances(portal.app, bob)).deposit).toBe('2.00');
  });

  it('a blocked member cannot sign in, loses their sessions at once, and receives again once unblocked', async () => {
    const alice = await registerMember(portal.app);
    const carol = await registerMember(portal.app);
    await fund(portal.app, admin, alice.user.id, 'deposit', '5');
    const block = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${carol.user.id}`,
      headers: bearer(admin),
      payload: { status: 'blocked' },
    });
    expect(block.json()).toMatchObject({ status: 'blocked' });
    expect((await get(carol, '/api/wallets')).statusCode).toBe(401);
    const login = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Basic ${Buffer.from(`${carol.user.username}:${carol.password}`).toString('base64')}` },
    });
    expect(login.statusCode).toBe(403);
    expect(errorOf(await transfer(portal.app, alice, { toUsername: carol.user.username, amount: '1' })).code).toBe(
      'RECEIVER_BLOCKED',
    );

    await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${carol.user.id}`,
      headers: bearer(admin),
      payload: { status: 'active' },
    });
    expect((await transfer(portal.app, alice, { toUsername: carol.user.username, amount: '1' })).statusCode).toBe(201);
  });
}

function transferListTests() {
  it('lists are paginated and sorted on the server, with the sort whitelisted', async () => {
    const alice = await registerMember(portal.app);
    const bob = await registerMember(portal.app, { fullName: 'Bobby Tables' });
    await fund(portal.app, admin, alice.user.id, 'deposit', '100');
    for (const amount of ['1', '3', '2'])
      expect((await transfer(portal.app, alice, { toUsername: bob.user.username, amount })).statusCode).toBe(201);
    const page = await get(alice, '/api/transfers?direction=sent&sort=amount&pageSize=2&page=1');
    expect(page.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.json().items.map((t: { amount: string }) => t.amount)).toEqual(['1.00', '2.00']);
    const second = await get(alice, '/api/transfers?direction=sent&sort=amount&pageSize=2&page=2');
    expect(second.json().items.map((t: { amount: string }) => t.amount)).toEqual(['3.00']);
    expect((await get(alice, '/api/transfers?search=bobby')).json().total).toBe(3);
    expect((await get(alice, '/api/transfers?search=nobody')).json().total).toBe(0);
    const bad = await get(alice, '/api/transfers?sort=password');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('sort');
    expect((await get(alice, '/api/transfers?pageSize=101')).statusCode).toBe(400);
    expect((await get(alice, '/api/transfers?direction=sideways')).statusCode).toBe(400);
    expect((await get(alice, '/api/transfers?from=2026-13-01')).statusCode).toBe(400);
  });
}

describe('point conversion', () => {
  it('converts income USDT into points at the rate in force, above the minimum', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '40');
    expect((await get(member, '/api/conversions/terms')).json()).toEqual({ minimum: '10.00', rate: '1' });
    const quote = await get(member, '/api/conversions/quote?amount=10.5');
    expect(quote.json()).toEqual({ amount: '10.50', rate: '1', points: '10.50' });
    const res = await convert(portal.app, member, { amount: '10.5' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '10.50', rate: '1', points: '10.50' });
    expect(await balances(portal.app, member)).toEqual({ deposit: '0.00', income: '29.50', points: '10.50' });

    await setSettings({ conversionRate: '1.5' });
    try {
      const second = await convert(portal.app, member, { amount: '10.000000000000000001' });
      expect(second.json()).toMatchObject({
        amount: '10.000000000000000001',
        rate: '1.5',
        points: '15.000000000000000001',
      });
    } finally {
      await setSettings({ conversionRate: '1' });
    }
    expect(await balances(portal.app, member)).toEqual({
      deposit: '0.00',
      income: '19.499999999999999999',
      points: '25.500000000000000001',
    });

    const history = await get(member, '/api/conversions');
    expect(history.json().items.map((c: { rate: string }) => c.rate)).toEqual(['1.5', '1']);
    await assertBooksConsistent(portal.db);
  });

  it('refuses below the minimum and beyond the balance, moving nothing', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '12');
    await fund(portal.app, admin, member.user.id, 'deposit', '100');
    const before = await booksFingerprint(portal.db);
    const low = await convert(portal.app, member, { amount: '9.99' });
    expect(low.statusCode).toBe(422);
    expect(errorOf(low)).toMatchObject({ code: 'BELOW_MINIMUM', message: 'The minimum conversion is 10.00 USDT.' });
    // The deposit wallet does not count: conversion spends income only.
    const over = await convert(portal.app, member, { amount: '12.01' });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over).code).toBe('INSUFFICIENT_BALANCE');
    const bad = await convert(portal.app, member, { amount: '1e1' });
    expect(bad.statusCode).toBe(400);
    expect(await booksFingerprint(portal.db)).toBe(before);
  });
});

describe('wallet history of entries posted by other features', () => {
  it('a purchase reads as a purchase to the buyer and as a referral bonus to the sponsor', async () => {
    const sponsor = await registerMember(portal.app, { fullName: 'Sponsor Reader' });
    const buyer = await registerMember(portal.app, { sponsor: sponsor.user.username });
    const catalogue = await get(sponsor, '/api/packages');
    const starter = (catalogue.json().items as Array<{ id: number; name: string; price: string }>).find(
      (p) => p.name === 'Starter',
    )!;
    await fund(portal.app, admin, sponsor.user.id, 'deposit', starter.price);
    await fund(portal.app, admin, buyer.user.id, 'deposit', starter.price);
    for (const member of [sponsor, buyer]) {
      const res = await portal.app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: bearer(member),
        payload: { packageId: starter.id },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const bought = (await get(buyer, '/api/wallets/deposit/entries?type=purchase')).json().items;
    expect(bought[0]).toMatchObject({
      type: 'purchase',
      amount: `-${starter.price}`,
      description: 'Purchase of Starter',
    });
    const bonus = (await get(sponsor, '/api/wallets/income/entries')).json().items;
    expect(bonus[0]).toMatchObject({
      type: 'purchase',
      description: `Referral bonus: ${buyer.user.username} bought Starter`,
    });
    expect(BigInt(bonus[0].amount.replace('.', '')) > 0n).toBe(true);
    const filtered = await get(admin, `/api/admin/transactions?type=purchase&member=${buyer.user.username}`);
    expect(filtered.json().total).toBe(1);
  });
});

describe('the database guards the books', () => {
  postedEntryTests();
  balanceGuardTests();
});

function postedEntryTests() {
  it('refuses to edit or delete a posted entry or posting, or to set a balance directly', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'deposit', '10');
    const statements = [
      sql`UPDATE journal_entries SET memo = 'changed'`,
      sql`DELETE FROM journal_entries`,
      sql`UPDATE postings SET amount = amount * 2`,
      sql`DELETE FROM postings`,
      sql`TRUNCATE postings CASCADE`,
      sql`UPDATE ledger_accounts SET balance = balance + 1000000 WHERE kind = 'member'`,
      sql`DELETE FROM ledger_accounts`,
      sql`UPDATE ledger_accounts SET wallet = 'income' WHERE wallet = 'deposit'`,
      sql`UPDATE transfers SET amount = 1`,
    ];
    for (const statement of statements) {
      await expect(portal.db.query(statement), statement.toQuery().text).rejects.toThrow();
    }
    expect((await balances(portal.app, member)).deposit).toBe('10.00');
  });

  it('a wallet belongs to a member, who then cannot be deleted (checked per statement since 0038)', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'deposit', '1');
    const nobody = (await portal.db.query<{ id: number }>(sql`SELECT max(id) + 1000 AS id FROM users`)).rows[0]!.id;
    await expect(
      portal.db.query(
        sql`INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance) VALUES ('member', ${nobody}, 'income', 'USDT', 0)`,
      ),
    ).rejects.toThrow(/owner \d+ is not a member/);
    // One bad row among good ones refuses the whole statement.
    await expect(
      portal.db.query(
        sql`INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance)
            VALUES ('member', ${member.user.id}, 'points', 'POINT', 0), ('member', ${nobody}, 'points', 'POINT', 0)`,
      ),
    ).rejects.toThrow(/owner \d+ is not a member/);
    await expect(portal.db.query(sql`DELETE FROM members WHERE user_id = ${member.user.id}`)).rejects.toThrow(
      /owns ledger accounts and cannot be deleted/,
    );
    await expect(
      portal.db.query(sql`UPDATE ledger_accounts SET owner_id = ${nobody} WHERE owner_id = ${member.user.id}`),
    ).rejects.toThrow(/cannot change what they are/);
    expect((await balances(portal.app, member)).deposit).toBe('1.00');
  });
}

function balanceGuardTests() {
  it('refuses a negative member balance and an entry that does not sum to zero, whatever the code says', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'deposit', '1');
    const { rows } = await portal.db.query<{ id: number }>(
      sql`SELECT id FROM ledger_accounts WHERE owner_id = ${member.user.id} AND wallet = 'deposit'`,
    );
    const account = rows[0]!.id;
    const fees = (await portal.db.query<{ id: number }>(sql`SELECT id FROM ledger_accounts WHERE code = 'fees'`))
      .rows[0]!.id;
    const ONE = 10n ** 18n; // the wallet's balance, 1 USDT, in base units
    // An overdraft that skips the ledger module's own check:
    await expect(
      portal.db.transaction(async (tx) => {
        const e = await tx.query<{ id: number }>(sql`INSERT INTO journal_entries (type) VALUES ('test') RETURNING id`);
        await tx.query(
          sql`INSERT INTO postings (entry_id, account_id, amount) VALUES (${e.rows[0]!.id}, ${account}, ${'-1000000000000000001'}), (${e.rows[0]!.id}, ${fees}, ${'1000000000000000001'})`,
        );
      }),
    ).rejects.toThrow(/member_balance_not_negative/);
    // An unbalanced entry, caught at commit:
    await expect(
      portal.db.transaction(async (tx) => {
        const e = await tx.query<{ id: number }>(sql`INSERT INTO journal_entries (type) VALUES ('test') RETURNING id`);
        await tx.query(
          sql`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES (${e.rows[0]!.id}, ${account}, ${'5'}, ${String(ONE + 5n)}), (${e.rows[0]!.id}, ${fees}, ${'5'}, NULL)`,
        );
      }),
    ).rejects.toThrow(/does not sum to zero in USDT/);
    // A posting that misstates the wallet's balance after it (or leaves it out):
    for (const after of [String(ONE + 6n), null]) {
      await expect(
        portal.db.transaction(async (tx) => {
          const e = await tx.query<{ id: number }>(
            sql`INSERT INTO journal_entries (type) VALUES ('test') RETURNING id`,
          );
          await tx.query(
            sql`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES (${e.rows[0]!.id}, ${account}, ${'5'}, ${after}), (${e.rows[0]!.id}, ${fees}, ${'-5'}, NULL)`,
          );
        }),
      ).rejects.toThrow(/balance_after is not the member wallet's balance/);
    }
    // An entry of one line, or of none:
    await expect(
      portal.db.transaction(async (tx) => {
        const e = await tx.query<{ id: number }>(sql`INSERT INTO journal_entries (type) VALUES ('test') RETURNING id`);
        await tx.query(
          sql`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES (${e.rows[0]!.id}, ${account}, ${'5'}, ${String(ONE + 5n)})`,
        );
      }),
    ).rejects.toThrow(/has 1 posting/);
    await expect(portal.db.query(sql`INSERT INTO journal_entries (type) VALUES ('test')`)).rejects.toThrow(
      /has 0 posting/,
    );
    // Balanced lines added later to an entry posted earlier:
    const posted = (
      await portal.db.query<{ id: number }>(sql`SELECT max(entry_id) AS id FROM postings WHERE account_id = ${account}`)
    ).rows[0]!.id;
    await expect(
      portal.db.query(
        sql`INSERT INTO postings (entry_id, account_id, amount) VALUES (${posted}, ${account}, ${'5'}), (${posted}, ${fees}, ${'-5'})`,
      ),
    ).rejects.toThrow(/only in the transaction that creates it/);
    // One wallet twice in one statement, however its lines are stated:
    await expect(
      portal.db.transaction(async (tx) => {
        const e = await tx.query<{ id: number }>(sql`INSERT INTO journal_entries (type) VALUES ('test') RETURNING id`);
        await tx.query(
          sql`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES (${e.rows[0]!.id}, ${account}, ${'5'}, ${String(ONE + 5n)}), (${e.rows[0]!.id}, ${account}, ${'5'}, ${String(ONE + 5n)}), (${e.rows[0]!.id}, ${fees}, ${'-10'}, NULL)`,
        );
      }),
    ).rejects.toThrow(/at most once/);
    // Lines of an entry that does not exist, or to an account that does not:
    await expect(
      portal.db.query(
        sql`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES (${987654321}, ${account}, ${'5'}, ${String(ONE + 5n)}), (${987654321}, ${fees}, ${'-5'}, NULL)`,
      ),
    ).rejects.toThrow(/only in the transaction that creates it/);
    await expect(
      portal.db.transaction(async (tx) => {
        const e = await tx.query<{ id: number }>(sql`INSERT INTO journal_entries (type) VALUES ('test') RETURNING id`);
        await tx.query(
          sql`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES (${e.rows[0]!.id}, ${account}, ${'5'}, ${String(ONE + 5n)}), (${e.rows[0]!.id}, ${987654321}, ${'-5'}, NULL)`,
        );
      }),
    ).rejects.toThrow(/names no account/);
    expect((await balances(portal.app, member)).deposit).toBe('1.00');
    await assertBooksConsistent(portal.db);
  });
}
