import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { RestoreCheckList } from '@portal/contract';
import { formatDateTime } from '../../shared/format';
import { json, renderAdminPage } from '../deposits/render-admin-page.test-helper';
import { AfterRestoreCard } from './AfterRestoreCard';
import { RestoreCheckNotice } from './RestoreCheckNotice';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HASH = `0x${'ab'.repeat(32)}`;
const RESTORED = '2026-11-24T09:30:00.000Z';
const FINISHED = '2026-11-24T09:31:00.000Z';

const pending: RestoreCheckList = {
  items: [
    {
      id: 1,
      restoredAt: RESTORED,
      fromBlock: '120',
      toBlock: null,
      status: 'pending',
      finishedAt: null,
      payouts: [
        { payoutId: 7, withdrawalId: 41, outcome: null, txHash: null, explorerUrl: null },
        { payoutId: 8, withdrawalId: 42, outcome: null, txHash: null, explorerUrl: null },
      ],
    },
  ],
};

const done: RestoreCheckList = {
  items: [
    {
      ...pending.items[0]!,
      toBlock: '180',
      status: 'done',
      finishedAt: FINISHED,
      payouts: [
        {
          payoutId: 7,
          withdrawalId: 41,
          outcome: 'found',
          txHash: HASH,
          explorerUrl: `https://bscscan.com/tx/${HASH}`,
        },
        { payoutId: 8, withdrawalId: 42, outcome: 'released', txHash: null, explorerUrl: null },
      ],
    },
  ],
};

/** The approval page's card and the dashboard's notice, sharing one query, against a stubbed API answering `answers` in turn. */
function renderBoth(...answers: RestoreCheckList[]) {
  let asked = 0;
  const stub = renderAdminPage(
    '/withdraw-approval',
    <>
      <RestoreCheckNotice />
      <AfterRestoreCard />
    </>,
    async (url) => {
      expect(url).toContain('/api/admin/withdrawals/restore-checks');
      return json(200, answers[Math.min(asked++, answers.length - 1)]);
    },
  );
  return stub;
}

const row = (payoutId: number) => screen.getByTestId(`restore-payout-${payoutId}`);

describe('after a restore', () => {
  it('shows nothing when no restore was made', async () => {
    const stub = renderBoth({ items: [] });
    await waitFor(() => expect(stub).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('after-restore')).toBeNull();
    expect(screen.queryByTestId('admin-restore-check-pending')).toBeNull();
  });

  it('shows the held payouts while the check reads the chain, reads it again until done, then says what was found and released', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stub = renderBoth(pending, done);

    const card = await screen.findByTestId('after-restore');
    const check = within(card).getByTestId('restore-check-1');
    expect(check.textContent).toContain(`Restored ${formatDateTime(RESTORED)}`);
    expect(check.textContent).toContain("Blocks read: from block 120 to the chain's head when the check starts.");
    expect(within(check).getByRole('status').textContent).toBe(
      "Reading the hot wallet's transfers since the backup; the payouts below wait.",
    );
    expect(within(check).getByRole('table', { name: `Payouts held by the restore of ${formatDateTime(RESTORED)}` }));
    for (const [payout, withdrawal] of [
      [7, 41],
      [8, 42],
    ] as const) {
      expect(row(payout).textContent).toContain(`#${withdrawal}`);
      expect(row(payout).textContent).toContain('Waiting for the check');
    }
    const notice = screen.getByTestId('admin-restore-check-pending');
    expect(notice.textContent).toContain(`After the restore of ${formatDateTime(RESTORED)}, no payout is sent`);
    expect(notice.textContent).toContain('2 payouts wait.');
    expect(within(notice).getByRole('link', { name: 'Withdraw Approval' }).getAttribute('href')).toBe(
      '/withdraw-approval',
    );

    // Pending: read again after five seconds, which finds it done.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(screen.getByTestId('restore-check-1').textContent).toContain('Done'));
    expect(stub).toHaveBeenCalledTimes(2);
    const after = screen.getByTestId('restore-check-1');
    expect(after.textContent).toContain('Blocks read: from block 120 to block 180.');
    expect(after.textContent).toContain(
      `Done ${formatDateTime(FINISHED)}: 1 found on chain and settled as paid, 1 released to be paid as usual.`,
    );
    expect(within(after).queryByRole('status')).toBeNull();
    expect(row(7).textContent).toContain('Found on chain: settled as paid');
    expect(within(row(7)).getByRole('link').getAttribute('href')).toBe(`https://bscscan.com/tx/${HASH}`);
    expect(row(8).textContent).toContain('Not found on chain: released');
    expect(row(8).textContent).toContain('does not go back to the approval queue');
    expect(within(row(8)).queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('admin-restore-check-pending')).toBeNull();

    // Done: no more reading.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(stub).toHaveBeenCalledTimes(2);
  });
});
