import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Rescan } from '@portal/contract';
import { json, renderWithStubbedApi } from '../../test-stubbed-api';
import { RescanBlocksCard } from './RescanBlocksCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rescan = (over: Partial<Rescan>): Rescan => ({
  id: 7,
  status: 'running',
  fromBlock: '100',
  toBlock: '199',
  nextBlock: '140',
  blocksDone: 40,
  blocksTotal: 100,
  found: 3,
  credited: 2,
  held: 1,
  belowMinimum: 0,
  startedBy: 'admin',
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:05.000Z',
  finishedAt: null,
  error: null,
  ...over,
});

/** The card against a stubbed API: `rescans` is the list it reads (changed by the handlers), `answer` answers each POST. */
function renderCard(rescans: Rescan[], answer: (url: string, body: unknown) => Response) {
  return renderWithStubbedApi(
    <RescanBlocksCard />,
    (url) =>
      url.includes('/deposit-rescans')
        ? json(200, { items: rescans, total: rescans.length, page: 1, pageSize: 5 })
        : json(200, { status: 'ok', chain: { finalBlock: '5000' } }),
    answer,
  );
}

function submit(fromBlock: string, toBlock: string) {
  fireEvent.change(screen.getByLabelText('From block'), { target: { value: fromBlock } });
  fireEvent.change(screen.getByLabelText('To block'), { target: { value: toBlock } });
  fireEvent.click(screen.getByRole('button', { name: 'Start rescan' }));
}

describe('"Rescan blocks"', () => {
  it("shows the running rescan's progress and counts, and cancels it", async () => {
    const list = [rescan({})];
    const posts = renderCard(list, (url) => {
      list[0] = rescan({ status: 'cancelled', finishedAt: '2026-11-25T09:00:06.000Z' });
      return url.endsWith('/deposit-rescans/7/cancel') ? json(200, list[0]) : json(404, {});
    });
    const progress = await screen.findByTestId('rescan-progress');
    const bar = within(progress).getByRole('progressbar', { name: 'Rescan #7 progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(progress.textContent).toContain('40 of 100 blocks read (40 %)');
    expect(progress.textContent).toContain('Found 3 · credited 2 · held 1 · below minimum 0');
    fireEvent.click(within(progress).getByRole('button', { name: 'Cancel rescan' }));
    expect(await screen.findByText('Rescan #7 cancelled: what it credited stays credited.')).toBeTruthy();
    expect(posts.map((p) => p.url)).toEqual([expect.stringContaining('/api/admin/deposit-rescans/7/cancel')]);
    expect(await within(progress).findByText('Cancelled')).toBeTruthy();
    expect(within(progress).queryByRole('button', { name: 'Cancel rescan' })).toBeNull();
  });

  it('starts a rescan; a range refused by the API shows on its field, a malformed one never leaves the page', async () => {
    const list: Rescan[] = [];
    const posts = renderCard(list, (_url, body) => {
      const { toBlock } = body as { toBlock: string };
      if (toBlock === '9000')
        return json(422, {
          message: "Block 9000 is not final yet: the node's final block is 5000.",
          code: 'RESCAN_NOT_FINAL',
          field: 'toBlock',
        });
      list.push(rescan({ id: 8, nextBlock: '10', fromBlock: '10', toBlock: '20', blocksDone: 0, blocksTotal: 11 }));
      return json(201, list[0]);
    });
    expect(await screen.findByText('No rescans yet.')).toBeTruthy();
    expect(screen.getByText("The node's final block is 5000.")).toBeTruthy();

    submit('ten', '20');
    expect(await screen.findByText('From block must be a block number: a whole number in decimal digits')).toBeTruthy();
    expect(posts).toHaveLength(0);

    submit('10', '9000');
    expect(await screen.findByText("Block 9000 is not final yet: the node's final block is 5000.")).toBeTruthy();

    submit('10', '20');
    const progress = await screen.findByTestId('rescan-progress');
    expect(progress.textContent).toContain('Rescan #8, blocks 10–20');
    expect(progress.textContent).toContain('0 of 11 blocks read (0 %)');
    expect(posts.map((p) => p.body)).toEqual([
      { fromBlock: '10', toBlock: '9000' },
      { fromBlock: '10', toBlock: '20' },
    ]);
  });
});
