import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { json, renderWithStubbedApi, signInForTest } from '../../test-stubbed-api';
import { ConvertPage } from './ConvertPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(rate: string) {
  signInForTest({ role: 'member', isMember: true });
  renderWithStubbedApi(
    <ConvertPage />,
    (url) =>
      url.includes('/conversions/terms')
        ? json(200, { minimum: '10.00', rate })
        : json(200, {
            wallets: [
              { wallet: 'income', label: 'Income', unit: 'USDT', balance: '50.00' },
              { wallet: 'points', label: 'Points', unit: 'points', balance: '0.00' },
            ],
          }),
    () => json(500, {}),
  );
}

describe('the conversion rate', () => {
  it('says "1 point per USDT", never "1 points"', async () => {
    renderPage('1');
    expect(await screen.findByText(/rate 1 point per USDT/)).toBeTruthy();
    expect(screen.queryByText(/1 points per USDT/)).toBeNull();
  });

  it('says points for any other rate', async () => {
    renderPage('2.5');
    expect(await screen.findByText(/rate 2\.5 points per USDT/)).toBeTruthy();
  });
});
