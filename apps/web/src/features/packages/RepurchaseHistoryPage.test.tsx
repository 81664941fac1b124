import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, renderWithStubbedApi, signInForTest } from '../../test-stubbed-api';
import { RepurchaseHistoryPage } from './RepurchaseHistoryPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const purchase = (id: number, name: string, extra: object) => ({
  id,
  entryId: id * 10,
  kind: 'purchase',
  package: { id, name },
  price: '1000.00',
  bv: '1000',
  createdAt: '2026-11-20T10:00:00.000Z',
  refunded: null,
  cancelUntil: null,
  ...extra,
});

const ITEMS = [
  purchase(3, 'Gold', { cancelUntil: '2026-12-04T10:00:00.000Z' }),
  purchase(2, 'Silver', { refunded: { kind: 'cancellation', at: '2026-11-21T09:00:00.000Z' } }),
  purchase(1, 'Starter', {}),
];

function renderPage() {
  signInForTest({ role: 'member', isMember: true });
  return renderWithStubbedApi(
    <RepurchaseHistoryPage />,
    () => json(200, { items: ITEMS, total: 3, page: 1, pageSize: 25 }),
    (url) =>
      url.includes('/purchases/3/cancel')
        ? json(200, {
            id: 1,
            purchaseId: 3,
            kind: 'cancellation',
            price: '1000.00',
            packageName: 'Gold',
            buyer: 'carol',
            reason: '',
            packageAfter: null,
            clawbacks: [],
            createdAt: '2026-11-22T00:00:00.000Z',
          })
        : json(500, {}),
  );
}

describe('the purchase history', () => {
  it('offers Cancel only within the window and says how a purchase was undone', async () => {
    renderPage();
    const gold = (await screen.findByText('Gold')).closest('tr')!;
    expect(within(gold).getByRole('button', { name: /Cancel P-3, possible until/ })).toBeTruthy();
    const silver = screen.getByText('Silver').closest('tr')!;
    expect(within(silver).getByText(/^Cancelled /)).toBeTruthy();
    expect(within(silver).queryByRole('button')).toBeNull();
    const starter = screen.getByText('Starter').closest('tr')!;
    expect(within(starter).queryByRole('button')).toBeNull();
  });

  it('restates what the cancellation gives back before it is sent, then sends it once', async () => {
    const posts = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Cancel P-3/ }));
    const summary = await screen.findByTestId('cancel-summary');
    expect(summary.textContent).toContain('Gold · P-3');
    expect(summary.textContent).toContain('Back to your deposit wallet');
    expect(summary.textContent).toContain('1,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel purchase' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual([expect.stringContaining('/purchases/3/cancel')]));
    expect(await screen.findByText(/Cancelled Gold: 1,000.00 USDT is back in your deposit wallet/)).toBeTruthy();
  });
});
