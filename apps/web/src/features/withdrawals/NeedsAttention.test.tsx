import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Withdrawal } from '@portal/contract';
import { json, renderAdminPage } from '../deposits/render-admin-page.test-helper';
import { NeedsAttention } from './NeedsAttention';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REJECT_WITH =
  "The address is on the portal's screening list: withdrawals to it are refused. The amount is back in your income wallet; ask again to another address of your own.";

const screened: Withdrawal = {
  id: 5,
  member: { id: 20, username: 'bob', fullName: 'Bob' },
  amount: '30.00',
  fee: '1.50',
  net: '28.50',
  address: '0x000000000000000000000000000000000000dEaD',
  status: 'pending',
  reason: null,
  txHash: null,
  blockNumber: null,
  explorerUrl: null,
  createdAt: '2026-11-29T10:00:00Z',
  decidedAt: null,
  paidAt: null,
  approvals: [],
  approvalPolicy: null,
  payout: null,
  flags: [
    {
      kind: 'screened',
      reason:
        '0x000000000000000000000000000000000000dEaD was put on the screening list after the request (Reported stolen funds): it cannot be approved.',
      rejectWith: REJECT_WITH,
    },
  ],
};

const unfunded: Withdrawal = {
  ...screened,
  id: 6,
  flags: [
    {
      kind: 'unfunded',
      reason:
        'The hot wallet has 10.00 USDT free after the payouts already approved, less than the 28.50 this payout sends.',
      rejectWith: 'The portal cannot pay this withdrawal now.',
    },
  ],
};

describe('Needs attention: a withdrawal that cannot be paid as it stands', () => {
  it('says why, offers Reject in one click with the reason the member reads, and the page that funds a short hot wallet', async () => {
    const bodies: unknown[] = [];
    const stub = renderAdminPage(
      '/withdraw-approval',
      <NeedsAttention onApprove={() => undefined} onReject={() => undefined} />,
      async (url, init) => {
        if (init?.method === 'POST') {
          expect(url).toContain('/api/admin/withdrawals/reject');
          bodies.push(JSON.parse(String(init.body)));
          return json(200, { done: [5], skipped: [] });
        }
        expect(url).toContain('attention=true');
        return json(200, { items: [screened, unfunded], total: 2, page: 1, pageSize: 100 });
      },
    );
    const row = await screen.findByTestId('attention-5');
    expect(row.textContent).toContain('Address on the screening list');
    expect(row.textContent).toContain('(Reported stolen funds): it cannot be approved.');
    expect(within(row).queryByRole('link', { name: 'Fund the hot wallet' })).toBeNull();
    const short = screen.getByTestId('attention-6');
    expect(short.textContent).toContain('Hot wallet cannot cover it');
    expect(within(short).getByRole('link', { name: 'Fund the hot wallet' }).getAttribute('href')).toBe(
      '/bep20-wallets',
    );

    fireEvent.click(within(row).getByRole('button', { name: /^Reject withdrawal 5/ }));
    await waitFor(() => expect(bodies).toEqual([{ ids: [5], reason: REJECT_WITH }]));
    expect(await screen.findByText('1 withdrawal rejected and refunded.')).toBeTruthy();
    expect(stub).toHaveBeenCalled();
  });
});
