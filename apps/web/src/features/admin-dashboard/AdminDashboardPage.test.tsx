import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AdminDashboard, ToDecide } from '@portal/contract';
import { ThemeModeProvider } from '../../app/theme/ThemeModeProvider';
import { AdminDashboardPage } from './AdminDashboardPage';

const figures: { data: AdminDashboard | undefined } = { data: undefined };

// The figures come from a stub of the query; the daily close card (its own queries) is left out.
vi.mock('../packages/api', () => ({ useAdminDashboard: () => ({ data: figures.data, isError: false, error: null }) }));
vi.mock('./DailyCloseCard', () => ({ DailyCloseCard: () => null }));
// The set-up notice has its own query (settings/PendingChanges.tsx), left out as the close card is.
vi.mock('../settings/PendingChanges', () => ({ DashboardLaunchNotice: () => null }));
// So is the restore check's notice (withdrawals/RestoreCheckNotice.tsx, tested in withdrawals/AfterRestoreCard.test.tsx).
vi.mock('../withdrawals/RestoreCheckNotice', () => ({ RestoreCheckNotice: () => null }));

function dashboard(
  failed: { count: number; amount: string },
  attention: { secondApprovals: number; heldByCap: number; stuckPayouts: number } = {
    secondApprovals: 0,
    heldByCap: 0,
    stuckPayouts: 0,
  },
  hotWallet: AdminDashboard['hotWallet'] = { state: 'ok', message: 'The hot wallet covers the 0 payouts being sent.' },
): AdminDashboard {
  return {
    members: 3,
    activeMembers: 2,
    sales: '300.00',
    purchases: 3,
    bonusesPaid: { referral: '30.00', matching: '0.00', total: '30.00' },
    payoutRatio: '10.00',
    lastClose: null,
    series: [
      {
        day: '2026-11-24',
        sales: '200.00',
        bonuses: '20.00',
        payoutRatio: '10.00',
        newMembers: 2,
        deposits: '100.00',
        withdrawalsPaid: '0.00',
      },
      {
        day: '2026-11-25',
        sales: '100.00',
        bonuses: '10.00',
        payoutRatio: '10.00',
        newMembers: 1,
        deposits: '0.00',
        withdrawalsPaid: '0.00',
      },
    ],
    deposits: { count: 1, total: '100.00' },
    withdrawalsPaid: { count: 1, amount: '20.00', fees: '1.00' },
    chain: {
      wallets: [
        { role: 'treasury', token: '80.00', bnb: '0' },
        { role: 'hot', token: '5.00', bnb: '0.1' },
        { role: 'gas', token: '0', bnb: '0.5' },
      ],
      watcherLag: { blocks: 3, seconds: 9 },
      reconciliation: { difference: '-15.00', unexplained: '-15.00', balanced: false },
      error: null,
    },
    treasury: '100.00',
    pending: {
      withdrawals: { count: 0, amount: '0.00' },
      redemptions: { count: 0, points: '0.00' },
      failedPayouts: failed,
      heldDeposits: { count: 1, amount: '250.00' },
      ...attention,
    },
    hotWallet,
    toDecide: toDecideOf(failed, attention),
  };
}

/** "To decide" as the API answers it for the same figures (no ages: none is asserted here but in the tests below). */
function toDecideOf(
  failed: { count: number; amount: string },
  attention: { secondApprovals: number; heldByCap: number; stuckPayouts: number },
): ToDecide[] {
  const of = (kind: ToDecide['kind'], count: number, amount: string | null = '0.00'): ToDecide => ({
    kind,
    count,
    amount,
    oldestAt: null,
  });
  return [
    of('withdrawals', 0),
    of('secondApprovals', attention.secondApprovals),
    of('redemptions', 0),
    of('heldDeposits', 1, '250.00'),
    of('closeReview', 0),
    of('failedPayouts', failed.count, failed.amount),
    of('stuckPayouts', attention.stuckPayouts),
    of('heldByCap', attention.heldByCap),
    of('settingChanges', 0, null),
    of('setup', 0, null),
  ];
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/admindashboard', element: <AdminDashboardPage /> }], {
    initialEntries: ['/admindashboard'],
  });
  render(
    <ThemeModeProvider>
      <RouterProvider router={router} />
    </ThemeModeProvider>,
  );
}

afterEach(() => cleanup());

describe('AdminDashboardPage', () => {
  it('shows the failed payouts waiting for a retry or refund, linked to the approval page where they need attention', () => {
    figures.data = dashboard({ count: 2, amount: '58.50' });
    renderPage();
    expect(screen.getByTestId('admin-failed-payouts').textContent).toBe('2');
    expect(screen.getByTestId('admin-failed-payouts-note').textContent).toBe('58.50 USDT to retry or refund');
    expect(screen.getByTestId('admin-failed-payouts').closest('a')!.getAttribute('href')).toBe('/withdraw-approval');
  });

  it('counts the stuck payouts, those held by the daily cap and the second approvals awaited, each linked to the approval page', () => {
    figures.data = dashboard({ count: 0, amount: '0.00' }, { secondApprovals: 3, heldByCap: 2, stuckPayouts: 1 });
    renderPage();
    for (const [id, count, hint] of [
      ['stuck-payouts', '1', 'Not mined 10 minutes after sending'],
      ['held-payouts', '2', 'Queued until the cap has room'],
      ['second-approvals', '3', 'Approved once, above the threshold'],
    ] as const) {
      expect(screen.getByTestId(`admin-${id}`).textContent).toBe(count);
      expect(screen.getByTestId(`admin-${id}-note`).textContent).toBe(hint);
      expect(screen.getByTestId(`admin-${id}`).closest('a')!.getAttribute('href')).toBe('/withdraw-approval');
    }
    cleanup();
    figures.data = dashboard({ count: 0, amount: '0.00' });
    renderPage();
    expect(screen.getByTestId('admin-stuck-payouts-note').textContent).toBe('None');
  });

  it('says when none failed', () => {
    figures.data = dashboard({ count: 0, amount: '0.00' });
    renderPage();
    expect(screen.getByTestId('admin-failed-payouts').textContent).toBe('0');
    expect(screen.getByTestId('admin-failed-payouts-note').textContent).toBe('None to retry or refund');
  });

  it('gives every figure its page, says the reconciliation as BEP20 Wallets does, and totals the chart over its days', () => {
    figures.data = dashboard({ count: 0, amount: '0.00' });
    renderPage();
    expect(screen.getByTestId('admin-treasury-note').textContent).toBe('Difference not explained: -15.00 USDT');
    expect(screen.getByTestId('admin-treasury').closest('a')!.getAttribute('href')).toBe('/bep20-wallets');
    expect(screen.getByTestId('admin-hot-wallet').textContent).toBe('5.00 USDT');
    expect(screen.getByTestId('admin-hot-wallet-note').textContent).toBe(
      'Gas 0.50 BNB · watcher 3 blocks (9 s) behind',
    );
    expect(screen.getByTestId('admin-held-deposits-note').textContent).toBe('250.00 USDT to credit or reject');
    expect(screen.getByTestId('admin-held-deposits').closest('a')!.getAttribute('href')).toBe(
      '/deposit-history?status=held',
    );
    expect(screen.getByTestId('admin-withdrawals-paid-note').textContent).toBe('1 paid, of which 1.00 USDT fees kept');
    for (const id of [
      'members',
      'active',
      'sales',
      'bonuses',
      'ratio',
      'deposits',
      'withdrawals-paid',
      'pending-withdrawals',
    ])
      expect(screen.getByTestId(`admin-${id}`).closest('a'), id).not.toBeNull();
    expect(screen.getByText(/Sales 300\.00 · bonuses 30\.00 USDT · payout ratio 10\.00% over these days/)).toBeTruthy();
  });

  it('says when the hot wallet is low, with the page that funds it', () => {
    figures.data = dashboard({ count: 0, amount: '0.00' });
    renderPage();
    expect(screen.queryByTestId('admin-hot-wallet-low')).toBeNull();
    cleanup();
    const message = 'The hot wallet is below its low-water mark: fund it on BEP20 Wallets.';
    figures.data = dashboard({ count: 0, amount: '0.00' }, undefined, { state: 'low', message });
    renderPage();
    const alert = screen.getByTestId('admin-hot-wallet-low');
    expect(alert.textContent).toContain(message);
    expect(within(alert).getByRole('link', { name: 'BEP20 Wallets' }).getAttribute('href')).toBe('/bep20-wallets');
  });
});

describe('AdminDashboardPage: To decide first', () => {
  it('opens with every decision waiting, each with its count, sum, age and the link to those rows, the network after', () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    figures.data = {
      ...dashboard({ count: 0, amount: '0.00' }),
      toDecide: [
        { kind: 'withdrawals', count: 3, amount: '420.00', oldestAt: hoursAgo(5) },
        { kind: 'secondApprovals', count: 1, amount: '6000.00', oldestAt: hoursAgo(1) },
        { kind: 'redemptions', count: 2, amount: '150.00', oldestAt: hoursAgo(72) },
        { kind: 'heldDeposits', count: 0, amount: '0.00', oldestAt: null },
        { kind: 'closeReview', count: 1, amount: '38.50', oldestAt: hoursAgo(2) },
        { kind: 'failedPayouts', count: 0, amount: '0.00', oldestAt: null },
        { kind: 'stuckPayouts', count: 0, amount: '0.00', oldestAt: null },
        { kind: 'heldByCap', count: 0, amount: '0.00', oldestAt: null },
        { kind: 'settingChanges', count: 1, amount: null, oldestAt: hoursAgo(3) },
        { kind: 'setup', count: 1, amount: null, oldestAt: hoursAgo(100) },
      ],
    };
    renderPage();
    const card = screen.getByRole('region', { name: 'To decide' });
    // The first thing on the page, before the network's figures.
    const network = screen.getByRole('heading', { name: 'The network' });
    expect(card.compareDocumentPosition(network) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).queryByTestId('admin-members')).toBeNull();
    expect(screen.getByTestId('admin-to-decide-summary').textContent).toBe(
      '8 decisions waiting, the oldest for 3 days.',
    );

    const rows = within(card).getAllByRole('link');
    // What waits first, in the API's order; then what does not.
    const waiting = [
      'Withdrawals to approve',
      'Waiting for a second admin',
      'Redemptions to approve',
      'Close waiting for review',
      'Setting changes waiting',
      'Set-up',
    ];
    waiting.forEach((label, i) => expect(rows[i]!.textContent, label).toMatch(new RegExp(`^${label}`)));
    expect(rows).toHaveLength(10);
    const row = (id: string) => ({
      value: screen.getByTestId(`admin-${id}`).textContent,
      note: screen.getByTestId(`admin-${id}-note`).textContent,
      age: screen.queryByTestId(`admin-${id}-age`)?.textContent ?? null,
      href: screen.getByTestId(`admin-${id}`).closest('a')!.getAttribute('href'),
    });
    expect(row('pending-withdrawals')).toEqual({
      value: '3',
      note: '420.00 USDT asked',
      age: 'oldest waiting 5 h',
      href: '/withdraw-approval',
    });
    expect(row('second-approvals')).toEqual({
      value: '1',
      note: 'Approved once, above the threshold',
      age: '6,000.00 USDT · oldest waiting 1 h',
      href: '/withdraw-approval',
    });
    expect(row('pending-redemptions')).toMatchObject({
      value: '2',
      note: '150.00 points asked',
      age: 'oldest waiting 3 days',
      href: '/redemption-approval',
    });
    expect(row('close-review')).toEqual({
      value: '1',
      note: '38.50 USDT to review and pay',
      age: 'oldest waiting 2 h',
      href: '#daily-close',
    });
    expect(row('setting-changes')).toMatchObject({ value: '1', age: 'oldest waiting 3 h', href: '/admin/settings' });
    expect(row('setup')).toMatchObject({ value: 'In set-up', href: '/admin/settings' });
    expect(row('held-deposits')).toEqual({
      value: '0',
      note: 'None waiting',
      age: null,
      href: '/deposit-history?status=held',
    });
    // The close it links to is on this page.
    expect(document.getElementById('daily-close')).not.toBeNull();
  });

  it('calls the treasury the treasury', () => {
    figures.data = dashboard({ count: 0, amount: '0.00' });
    renderPage();
    expect(screen.getByText('Treasury')).toBeTruthy();
    expect(screen.queryByText('On chain, by the ledger')).toBeNull();
    expect(screen.getByTestId('admin-to-decide-summary').textContent).toBe('1 decision waiting.');
  });
});
