import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@portal/contract';
import { json, renderWithStubbedApi, signInForTest } from '../../test-stubbed-api';
import { pointsShort, RedeemProductPage } from './RedeemProductPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const product = (id: number, name: string, price: string, stock = 5): Product => ({
  id,
  name,
  description: '',
  price,
  stock,
  active: true,
  imageUrl: null,
  thumbnailUrl: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
});

/** The page against a stubbed API: a point wallet of `balance` and the catalogue `items`. */
function renderPage(balance: string, items: Product[]) {
  signInForTest({ role: 'member', isMember: true });
  renderWithStubbedApi(
    <RedeemProductPage />,
    (url) =>
      url.includes('/api/wallets')
        ? json(200, {
            wallets: [
              { wallet: 'deposit', label: 'Deposit', unit: 'USDT', balance: '0.00' },
              { wallet: 'income', label: 'Income', unit: 'USDT', balance: '0.00' },
              { wallet: 'points', label: 'Points', unit: 'points', balance },
            ],
          })
        : json(200, { items, total: items.length, page: 1, pageSize: 12 }),
    () => json(500, {}),
  );
}

/** The product's card, once the catalogue is there. */
const card = async (name: string) =>
  (await screen.findAllByTestId('product-card')).find((c) => c.getAttribute('aria-label') === name)!;

describe('redeeming a product the point wallet cannot pay', () => {
  it('disables Redeem and says by how many points, singular or plural, before anything is filled in', async () => {
    renderPage('37.00', [
      product(1, 'Tote', '40'),
      product(2, 'Mug', '38'),
      product(3, 'Pen', '37'),
      product(4, 'Cap', '39.5'),
      product(5, 'Lamp', '40', 0),
    ]);
    await waitFor(() => expect(screen.getByTestId('redeem-points').textContent).toBe('37.00 points'));
    const tote = await card('Tote');
    await within(tote).findByText('Short by 3 points');
    const redeemTote = within(tote).getByRole('button', { name: 'Redeem' });
    expect(redeemTote).toHaveProperty('disabled', true);
    expect(redeemTote.getAttribute('aria-describedby')).toBe('product-1-short');
    expect(within(await card('Mug')).getByTestId('product-short').textContent).toBe('Short by 1 point');
    expect(within(await card('Cap')).getByTestId('product-short').textContent).toBe('Short by 2.5 points');
    // Enough points: Redeem as before, nothing said.
    const pen = await card('Pen');
    expect(within(pen).getByRole('button', { name: 'Redeem' })).toHaveProperty('disabled', false);
    expect(within(pen).queryByTestId('product-short')).toBeNull();
    // Out of stock says so, not what the wallet lacks.
    const lamp = await card('Lamp');
    expect(lamp.textContent).toContain('Out of stock');
    expect(within(lamp).queryByTestId('product-short')).toBeNull();
  });

  it('counts the shortfall on the digits, rounded up to the hundredth shown', () => {
    expect(pointsShort('40', '37.00')).toBe('3.00');
    expect(pointsShort('40', '40.00')).toBeNull();
    expect(pointsShort('40', '100')).toBeNull();
    expect(pointsShort('10.001', '10')).toBe('0.01');
    expect(pointsShort('40', undefined)).toBeNull();
  });
});
