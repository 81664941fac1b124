import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, renderWithStubbedApi, signInForTest } from '../../test-stubbed-api';
import { AdminPurchasesPage } from './AdminPurchasesPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ITEM = {
  id: 7,
  entryId: 70,
  kind: 'purchase',
  package: { id: 3, name: 'Gold' },
  price: '1000.00',
  bv: '1000',
  createdAt: '2026-11-20T10:00:00.000Z',
  refunded: null,
  member: { id: 12, username: 'carol' },
  reason: '',
  refundRequest: null,
  needsSecondAdmin: false,
};

const REFUND = {
  id: 1,
  purchaseId: 7,
  kind: 'refund',
  price: '1000.00',
  packageName: 'Gold',
  buyer: 'carol',
  reason: 'Returned the kit',
  packageAfter: null,
  clawbacks: [],
  createdAt: '2026-11-22T00:00:00.000Z',
};

describe('the admins’ purchases page', () => {
  it('asks a reason inside the confirmation and sends it with the refund', async () => {
    signInForTest({ role: 'admin', isMember: false });
    const posts = renderWithStubbedApi(
      <AdminPurchasesPage />,
      () => json(200, { items: [ITEM], total: 1, page: 1, pageSize: 25 }),
      () => json(200, { state: 'refunded', request: null, refund: REFUND }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Refund P-7' }));
    expect((await screen.findByTestId('refund-summary')).textContent).toContain('carol · Gold · P-7');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Give a reason of at least 3 characters')).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'Returned the kit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(posts.map((p) => p.url)).toEqual([expect.stringContaining('/admin/purchases/7/refund')]),
    );
    expect(posts[0]!.body).toEqual({ reason: 'Returned the kit' });
    expect(await screen.findByText(/Refunded carol's Gold: 1,000.00 USDT back to their deposit wallet/)).toBeTruthy();
  });

  it('restates another admin’s request and its reason, and confirms it without asking one again', async () => {
    signInForTest({ role: 'admin', isMember: false });
    const asked = {
      ...ITEM,
      price: '5000.00',
      needsSecondAdmin: true,
      refundRequest: {
        requestedBy: { id: 99, username: 'otheradmin' },
        reason: 'Returned the kit',
        at: ITEM.createdAt,
      },
    };
    const posts = renderWithStubbedApi(
      <AdminPurchasesPage />,
      () => json(200, { items: [asked], total: 1, page: 1, pageSize: 25 }),
      () => json(200, { state: 'refunded', request: null, refund: { ...REFUND, price: '5000.00' } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm the refund of P-7' }));
    const summary = await screen.findByTestId('refund-summary');
    expect(summary.textContent).toContain('Asked by otheradmin');
    expect(screen.queryByLabelText('Reason for the refund')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ reason: 'Returned the kit' });
  });
});
