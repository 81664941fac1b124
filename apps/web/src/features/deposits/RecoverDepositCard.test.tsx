import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/providers';
import { RecoverDepositCard } from './RecoverDepositCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HASH = `0x${'ab'.repeat(32)}`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The member's card against a stubbed API answering every POST with `answer`; returns the bodies posted. */
function renderCard(answer: () => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      posts.push(JSON.parse(String(init?.body)));
      return answer();
    }),
  );
  render(
    <AppProviders>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RecoverDepositCard />
        </MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
  return posts;
}

function submit(txHash: string) {
  fireEvent.change(screen.getByLabelText('Transaction hash'), { target: { value: txHash } });
  fireEvent.click(screen.getByRole('button', { name: 'Check transaction' }));
}

describe('"Deposit not showing?"', () => {
  it('shows the outcome in words below the form', async () => {
    const posts = renderCard(() =>
      json(200, {
        outcome: 'not_final',
        message: 'Not final yet: 2 more blocks. The deposit watcher credits it by itself once final.',
        blocksToWait: 2,
        watcherWillCredit: true,
        deposits: [],
      }),
    );
    submit(HASH.toUpperCase().replace('0X', '0x'));
    const outcome = await screen.findByTestId('deposit-recovery');
    expect(outcome.textContent).toContain('Not final yet: 2 more blocks.');
    expect(outcome.getAttribute('role')).toBe('status');
    expect(posts).toEqual([{ txHash: HASH }]);
  });

  it('puts a refusal of the hash on its field, and a malformed hash never leaves the page', async () => {
    const posts = renderCard(() =>
      json(422, {
        message: `Transaction ${HASH} sends no USDT to your deposit address.`,
        code: 'NOT_A_DEPOSIT_ADDRESS',
        field: 'txHash',
      }),
    );
    submit('0x1234');
    expect(await screen.findByText('Transaction hash must be 0x followed by 64 hexadecimal digits')).toBeTruthy();
    expect(posts).toHaveLength(0);
    submit(HASH);
    expect(await screen.findByText(`Transaction ${HASH} sends no USDT to your deposit address.`)).toBeTruthy();
    expect(screen.queryByTestId('deposit-recovery')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
