import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AdminDashboard } from '@portal/contract';
import { ThemeModeProvider } from '../../app/theme/ThemeModeProvider';
import { AdminDashboardPage } from './AdminDashboardPage';

const figures: { data: AdminDashboard | undefined } = { data: undefined };

// The figures come from a stub of the query; the daily close card (its own queries) is left out.
vi.mock('../packages/api', () => ({ useAdminDashboard: () => ({ data: figures.data, isError: false, error: null }) }));
vi.mock('./DailyCloseCard', () => ({ DailyCloseCard: () => null }));

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
    series: [],
    deposits: { count: 1, total: '100.00' },
    treasury: '100.00',
    pending: {
      withdrawals: { count: 0, amount: '0.00' },
      redemptions: { count: 0, points: '0.00' },
      failedPayouts: failed,
      ...attention,
    },
    hotWallet,
  };
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
    const link = screen.getByRole('link', { name: /58\.50 USDT to retry or refund/ });
    expect(link.getAttribute('href')).toBe('/withdraw-approval');
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
      const card = screen.getByTestId(`admin-${id}`).parentElement!;
      expect(within(card).getByRole('link', { name: hint }).getAttribute('href')).toBe('/withdraw-approval');
    }
    cleanup();
    figures.data = dashboard({ count: 0, amount: '0.00' });
    renderPage();
    const card = screen.getByTestId('admin-stuck-payouts').parentElement!;
    expect(within(card).getByRole('link', { name: 'None' })).toBeTruthy();
  });

  it('says when none failed', () => {
    figures.data = dashboard({ count: 0, amount: '0.00' });
    renderPage();
    expect(screen.getByTestId('admin-failed-payouts').textContent).toBe('0');
    const card = screen.getByTestId('admin-failed-payouts').parentElement!;
    expect(within(card).getByRole('link', { name: 'None to retry or refund' })).toBeTruthy();
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
