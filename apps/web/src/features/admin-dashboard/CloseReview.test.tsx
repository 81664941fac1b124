import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CloseResult, CloseReview as Review } from '@portal/contract';
import { ThemeModeProvider } from '../../app/theme/ThemeModeProvider';
import Toaster from '../../app/Toaster';
import { CloseReview } from './CloseReview';

const close: Omit<CloseResult, 'created'> = {
  date: '2026-11-24',
  closedAt: '2026-11-25T00:00:05.000Z',
  days: 1,
  rate: '10',
  members: 2,
  matched: '1900',
  paid: '180.00',
  flushed: '10.00',
  events: 3,
  state: 'in_review',
  paidAt: null,
  payAfter: null,
};
const review: Review = {
  close,
  membersPaid: 2,
  rankBonuses: { count: 0, total: '0.00' },
  sales: '7300.00',
  payoutRatio: '2.46',
  largest: [
    {
      memberId: 3,
      member: 'bob',
      matched: '1100',
      earned: '110.00',
      dailyCap: '100.00',
      paid: '100.00',
      flushed: '10.00',
    },
    {
      memberId: 2,
      member: 'alice',
      matched: '800',
      earned: '80.00',
      dailyCap: '100.00',
      paid: '80.00',
      flushed: '0.00',
    },
  ],
  overThreshold: {
    threshold: '90.00',
    count: 1,
    total: '100.00',
    items: [
      {
        memberId: 3,
        member: 'bob',
        matched: '1100',
        earned: '110.00',
        dailyCap: '100.00',
        paid: '100.00',
        flushed: '10.00',
      },
    ],
  },
};

const paid = vi.fn(async (date: string) => ({ ...close, date, created: true, state: 'paid', paidAt: 'now' }));
// The review and the pay come from stubs of their queries; what the card does with them is tested.
vi.mock('../packages/api', () => ({
  useCloseReview: () => ({ data: review, isError: false, error: null }),
  usePayClose: () => ({ mutateAsync: paid, isPending: false }),
}));

afterEach(() => cleanup());

function renderReview(payAfter: string | null = null) {
  render(
    <ThemeModeProvider>
      <Toaster />
      <CloseReview close={{ ...close, payAfter }} />
    </ThemeModeProvider>,
  );
}

describe('CloseReview', () => {
  it('says the day is being reviewed, shows its totals, the largest payouts and those over the threshold', () => {
    renderReview();
    const card = screen.getByTestId('close-review');
    expect(card.textContent).toContain('The close of 2026-11-24 is computed and being reviewed');
    expect(card.textContent).toContain('Only an admin pays it.');
    expect(card.textContent).toContain('180.00');
    expect(card.textContent).toContain('2.46%');
    const largest = within(screen.getByRole('list', { name: 'Largest payouts' })).getAllByRole('listitem');
    expect(largest.map((li) => li.textContent)).toEqual([
      'bob: 100.00 USDT (1,100 BV matched, 10.00 USDT over the cap)',
      'alice: 80.00 USDT (800 BV matched)',
    ]);
    expect(screen.getByRole('heading', { name: 'Over 90.00 USDT: 1 payout, 100.00 USDT' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Payouts over the threshold' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('says when the close pays itself', () => {
    renderReview('2026-11-26T00:00:05.000Z');
    expect(screen.getByTestId('close-review').textContent).toContain('It pays itself at');
  });

  it('pays only after the confirmation, once, and says so', async () => {
    renderReview();
    fireEvent.click(screen.getByRole('button', { name: 'Pay this close' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('close-pay-summary').textContent).toContain('2026-11-24');
    expect(paid).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(paid).toHaveBeenCalledTimes(1));
    expect(paid).toHaveBeenCalledWith('2026-11-24');
    expect(await screen.findByText('Paid the close of 2026-11-24: 180.00 USDT credited.')).toBeTruthy();
  });
});
