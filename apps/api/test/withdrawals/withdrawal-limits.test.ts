import { describe, expect, it } from 'vitest';
import { bearer, errorOf, registerMember, usePortal, type Session } from '../harness';
import { assertBooksConsistent, fund } from '../ledger/ledger-helpers';
import { OUTSIDE, requestWithdrawal, setSettings } from './withdrawal-helpers';
import { utcMinute } from '../../src/withdrawals/limits';
import { SETTINGS_DEFAULTS, type Settings } from '@portal/contract';

const HOUR = 3_600_000;

describe('withdrawal limits: per request and per member over a rolling 24 hours', () => {
  const limits = useLimits();
  maximumAndRollingLimitTests(limits);
  concurrentAndOffTests(limits);
});

function useLimits() {
  const { portal, admin } = usePortal();

  /** A member with income who may withdraw without two-factor or address hold (those rules have their own tests). */
  async function member(income = '1000') {
    await setSettings(portal.app, admin, {
      withdrawalAddressHoldHours: '0',
      withdrawalRequiresTwoFactor: false,
      withdrawalOnePending: false,
    });
    const session = await registerMember(portal.app);
    await fund(portal.app, admin, session.user.id, 'income', income);
    return session;
  }

  /** Runs `test` for a new member under some policy settings, then puts their defaults back. */
  async function underPolicy(
    patch: Partial<Record<keyof Settings, string>>,
    test: (session: Session) => Promise<void>,
    income?: string,
  ) {
    const session = await member(income);
    await setSettings(portal.app, admin, patch);
    try {
      await test(session);
    } finally {
      const keys = Object.keys(patch) as Array<keyof Settings>;
      await setSettings(portal.app, admin, Object.fromEntries(keys.map((key) => [key, SETTINGS_DEFAULTS[key]])));
    }
  }

  const ask = (session: Session, amount: string) =>
    requestWithdrawal(portal.app, session, { amount, address: OUTSIDE[0] });

  const terms = async (session: Session) =>
    (await portal.app.inject({ method: 'GET', url: '/api/withdrawals/terms', headers: bearer(session) })).json();
  return { portal, admin, member, underPolicy, ask, terms };
}
type Limits = ReturnType<typeof useLimits>;

function maximumAndRollingLimitTests({ portal, admin, underPolicy, ask, terms }: Limits) {
  it('has the policy settings with their defaults', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin) });
    expect(res.json()).toMatchObject({
      withdrawalMaximum: '10000',
      withdrawalDailyLimit: '10000',
      secondApprovalThreshold: '5000',
      autoApproveBelow: '0',
      autoApproveDailyCap: '1000',
      dailyPayoutCap: '0',
    });
  });

  it('refuses one request above the maximum, in the quote too; 0 turns the maximum off', async () => {
    await underPolicy({ withdrawalMaximum: '50' }, async (session) => {
      const above = await ask(session, '50.01');
      expect(above.statusCode).toBe(422);
      expect(errorOf(above)).toMatchObject({
        code: 'WITHDRAWAL_ABOVE_MAXIMUM',
        field: 'amount',
        message: expect.stringContaining('at most 50.00 USDT') as string,
      });
      const quote = await portal.app.inject({
        method: 'GET',
        url: '/api/withdrawals/quote?amount=60',
        headers: bearer(session),
      });
      expect(errorOf(quote).code).toBe('WITHDRAWAL_ABOVE_MAXIMUM');
      expect((await terms(session)).maximum).toBe('50.00');
      expect((await ask(session, '50')).statusCode).toBe(201);
      await setSettings(portal.app, admin, { withdrawalMaximum: '0' });
      expect((await terms(session)).maximum).toBeNull();
      expect((await ask(session, '60')).statusCode).toBe(201);
    });
  });

  it('holds the limit over a rolling 24 hours, says when it frees up, and counts no rejected request', async () => {
    await underPolicy({ withdrawalDailyLimit: '100' }, async (session) => {
      const first = await ask(session, '60');
      expect(first.statusCode, first.body).toBe(201);
      const firstAt = new Date(first.json<{ createdAt: string }>().createdAt);
      portal.clock.advance(2 * HOUR);
      const second = await ask(session, '30');
      expect(second.statusCode, second.body).toBe(201);

      expect(await terms(session)).toMatchObject({
        dailyLimit: {
          limit: '100.00',
          used: '90.00',
          left: '10.00',
          freesAt: new Date(firstAt.getTime() + 24 * HOUR).toISOString(),
        },
      });
      const over = await ask(session, '20');
      expect(over.statusCode).toBe(422);
      expect(errorOf(over)).toMatchObject({ code: 'WITHDRAWAL_DAILY_LIMIT', field: 'amount' });
      // 10 left now; once the 60 leaves the 24 hours, 70.
      const frees = utcMinute(new Date(firstAt.getTime() + 24 * HOUR));
      expect(errorOf(over).message).toBe(
        `Withdrawals are limited to 100.00 USDT in 24 hours and 10.00 USDT is left now. You can withdraw 70.00 USDT more after ${frees} UTC.`,
      );
      const quote = await portal.app.inject({
        method: 'GET',
        url: '/api/withdrawals/quote?amount=20',
        headers: bearer(session),
      });
      expect(errorOf(quote).code).toBe('WITHDRAWAL_DAILY_LIMIT');
      // More than the whole limit never frees up.
      expect(errorOf(await ask(session, '100.01')).message).toBe('You can withdraw at most 100.00 USDT in 24 hours.');
      expect((await ask(session, '10')).statusCode).toBe(201);

      // Just before the first request is 24 hours old: still refused.
      portal.clock.advance(firstAt.getTime() + 24 * HOUR - 60_000 - portal.clock.now.getTime());
      expect(errorOf(await ask(session, '20')).code).toBe('WITHDRAWAL_DAILY_LIMIT');
      portal.clock.advance(61_000);
      expect((await ask(session, '20')).statusCode).toBe(201);

      // A rejected request gives its share back.
      const rejected = await portal.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${second.json<{ id: number }>().id}/reject`,
        headers: bearer(admin),
        payload: { reason: 'Not this one' },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await terms(session)).dailyLimit).toMatchObject({ used: '30.00', left: '70.00' });
      expect((await ask(session, '70')).statusCode).toBe(201);
      expect(errorOf(await ask(session, '10')).code).toBe('WITHDRAWAL_DAILY_LIMIT');
    });
  });
}

function concurrentAndOffTests({ underPolicy, ask, terms, portal }: Limits) {
  it('holds under many requests of one member at once', async () => {
    await underPolicy({ withdrawalDailyLimit: '100' }, async (session) => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => ask(session, '30')));
      const codes = answers.map((a) => (a.statusCode === 201 ? 'ok' : errorOf(a).code)).sort();
      expect(codes).toEqual([
        'WITHDRAWAL_DAILY_LIMIT',
        'WITHDRAWAL_DAILY_LIMIT',
        'WITHDRAWAL_DAILY_LIMIT',
        'ok',
        'ok',
        'ok',
      ]);
      expect((await terms(session)).dailyLimit).toMatchObject({ used: '90.00', left: '10.00' });
      await assertBooksConsistent(portal.db);
    });
  });

  it('0 turns the 24-hour limit off', async () => {
    await underPolicy(
      { withdrawalDailyLimit: '0' },
      async (session) => {
        expect((await terms(session)).dailyLimit).toBeNull();
        expect((await ask(session, '10000')).statusCode).toBe(201);
        expect((await ask(session, '10000')).statusCode).toBe(201);
      },
      '30000',
    );
  });
}
