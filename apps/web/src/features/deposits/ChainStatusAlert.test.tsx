import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ChainStatus } from '@portal/contract';
import { ThemeModeProvider } from '../../app/theme/ThemeModeProvider';
import { ChainStatusNotice } from './ChainStatusAlert';

afterEach(cleanup);

const base: ChainStatus = {
  status: 'ok',
  chainId: 31337,
  latestBlock: '90',
  finalBlock: '88',
  scannedTo: '89',
  finality: 'finalized',
  checkedAt: '2026-11-24T23:00:00.000Z',
  lastError: null,
  stall: null,
};
const stall = {
  reason: 'behind' as const,
  message:
    "The node is behind the portal's cursor: its final block is 88, but the portal had already read up to block 120.",
  since: '2026-11-24T22:50:00.000Z',
  cursorBlock: '120',
  rescanFrom: '80',
  resolvedAt: null,
};

const show = (chain: ChainStatus) =>
  render(
    <ThemeModeProvider>
      <ChainStatusNotice chain={chain} />
    </ThemeModeProvider>,
  );

describe('the deposit watcher notice', () => {
  it('says nothing while all is well', () => {
    show(base);
    expect(screen.queryByTestId('chain-status')).toBeNull();
  });

  it('is an alert naming the stall and what happened while the node is behind the cursor', () => {
    show({ ...base, status: 'stalled', stall });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("The chain node is behind the portal's cursor");
    expect(alert.textContent).toContain('had already read up to block 120');
  });

  it('tells the operator a resolved stall happened', () => {
    show({
      ...base,
      stall: {
        ...stall,
        reason: 'changed',
        message: 'Resolved: the chain changed under block 120.',
        resolvedAt: '2026-11-24T23:00:00.000Z',
      },
    });
    const alert = screen.getByTestId('chain-status');
    expect(alert.textContent).toContain('The chain changed under the portal');
    expect(alert.textContent).toContain('resolved on');
    expect(alert.textContent).toContain('Resolved: the chain changed under block 120.');
  });
});
