import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { TrialBalance } from '@portal/contract';
import { session } from '../../shared/session/instance';
import { json, renderWithStubbedApi, signInForTest } from '../../test-stubbed-api';
import { TrialBalancePage } from './TrialBalancePage';

const zero = { openingDebit: '0.00', openingCredit: '0.00', debits: '0.00', credits: '0.00' };

function balance(walletsAgree: boolean): TrialBalance {
  return {
    from: '2026-11-01',
    to: '2026-11-29',
    lines: [
      {
        code: 'treasury',
        account: 'Treasury (USDT on chain)',
        kind: 'system',
        wallet: null,
        accounts: 1,
        unit: 'USDT',
        ...zero,
        debits: '150.00',
        closingDebit: '150.00',
        closingCredit: '0.00',
      },
      {
        code: 'members_deposit',
        account: "Members' deposit wallets",
        kind: 'members',
        wallet: 'deposit',
        accounts: 2,
        unit: 'USDT',
        ...zero,
        credits: '150.00',
        closingDebit: '0.00',
        closingCredit: '150.00',
      },
      {
        code: 'points_issued',
        account: 'Points issued',
        kind: 'system',
        wallet: null,
        accounts: 1,
        unit: 'POINT',
        ...zero,
        closingDebit: '0.00',
        closingCredit: '0.00',
      },
    ],
    totals: [
      {
        unit: 'USDT',
        ...zero,
        debits: '150.00',
        credits: '150.00',
        closingDebit: '150.00',
        closingCredit: '150.00',
        balanced: true,
      },
      { unit: 'POINT', ...zero, closingDebit: '0.00', closingCredit: '0.00', balanced: true },
    ],
    wallets: [
      {
        wallet: 'deposit',
        unit: 'USDT',
        fromPostings: '150.00',
        fromWallets: walletsAgree ? '150.00' : '149.00',
        equal: walletsAgree,
      },
      { wallet: 'income', unit: 'USDT', fromPostings: '0.00', fromWallets: '0.00', equal: true },
      { wallet: 'points', unit: 'POINT', fromPostings: '0.00', fromWallets: '0.00', equal: true },
    ],
    chain: { state: 'past' },
  };
}

function open(walletsAgree = true): string[] {
  signInForTest();
  const asked: string[] = [];
  renderWithStubbedApi(
    <TrialBalancePage />,
    (url) => {
      asked.push(url);
      return url.includes('/admin/books/trial-balance')
        ? json(200, balance(walletsAgree))
        : json(404, { message: 'Not in this test.', code: 'NOT_FOUND' });
    },
    () => json(404, { message: 'Not in this test.', code: 'NOT_FOUND' }),
  );
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('TrialBalancePage', () => {
  it('asks for this month to today, shows each unit’s lines and total, and the checks that hold', async () => {
    const asked = open();
    const table = await screen.findByRole('table', { name: 'Trial balance' });
    const today = new Date().toISOString().slice(0, 10);
    expect(new URL(asked[0]!, 'http://portal.test').search).toBe(`?from=${today.slice(0, 8)}01&to=${today}`);
    const treasury = (await within(table).findByText('Treasury (USDT on chain)')).closest('tr')!;
    expect(treasury.textContent).toMatch(/150\.00 USDT Dr/);
    expect(within(table).getByText("Members' deposit wallets").closest('tr')!.textContent).toMatch(/150\.00 USDT Cr/);
    expect(within(table).getByText('2 wallets moved')).toBeTruthy();
    expect(within(table).getByText('Total (USDT)')).toBeTruthy();
    expect(within(table).getByText('Total (points)')).toBeTruthy();
    const checks = screen.getByTestId('books-checks');
    expect(within(checks).getByText('USDT balanced')).toBeTruthy();
    expect(within(checks).getByText('Wallets agree')).toBeTruthy();
    expect(within(checks).getByText(/shown beside a period that ends today/)).toBeTruthy();
  });

  it('says so when the wallets disagree with the books, with both figures', async () => {
    open(false);
    const checks = await screen.findByTestId('books-checks');
    expect(within(checks).getByText('Wallets disagree')).toBeTruthy();
    expect(checks.textContent).toMatch(/149\.00 USDT \(the closing balance says 150\.00 USDT\)/);
  });
});
