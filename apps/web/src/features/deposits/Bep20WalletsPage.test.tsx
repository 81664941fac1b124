import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ChainWallets, Reconciliation } from '@portal/contract';
import { AppProviders } from '../../app/providers';
import { Bep20WalletsPage } from './Bep20WalletsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;

function page(unrecorded: Reconciliation['unrecorded']): ChainWallets {
  return {
    items: [],
    total: 0,
    page: 1,
    pageSize: 20,
    symbol: 'USDT',
    reconciliation: {
      owedToMembers: '0.00',
      companyShare: '0.00',
      expected: '0.00',
      onChain: unrecorded.total,
      treasury: '0.00',
      depositAddresses: unrecorded.total,
      hotWallet: '0.00',
      difference: unrecorded.total,
      explained: { depositsNotFinal: '0.00', belowMinimum: '0.00', held: '0.00', rejected: '0.00' },
      pendingSweeps: '0.00',
      withdrawalsInFlight: '0.00',
      unexplained: unrecorded.total,
      balanced: false,
      unrecorded,
    },
    chain: {
      status: 'ok',
      chainId: 31337,
      latestBlock: '90',
      finalBlock: '88',
      scannedTo: '88',
      finality: 'finalized',
      checkedAt: '2026-11-24T23:00:00.000Z',
      lastError: null,
      stall: null,
    },
  };
}

function renderPage(answer: ChainWallets) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, answer)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/bep20-wallets']}>
          <Bep20WalletsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
}

const holders = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    address: address(i + 1),
    member: { id: i + 2, username: `m${i + 1}` },
    amount: '1.00',
  }));

describe('the BEP20 wallets page', () => {
  it('lists the deposit addresses holding tokens the watcher never recorded', async () => {
    renderPage(page({ total: '2.00', count: 2, addresses: holders(2) }));
    const notice = await screen.findByTestId('unrecorded-addresses');
    expect(notice.textContent).toContain('2 deposit addresses hold tokens the deposit watcher never recorded');
    expect(notice.querySelectorAll('li')).toHaveLength(2);
    expect(notice.textContent).not.toContain('The first');
  });

  it('says the list is the first 10 when more addresses hold such tokens', async () => {
    renderPage(page({ total: '25.00', count: 25, addresses: holders(10) }));
    const notice = await screen.findByTestId('unrecorded-addresses');
    expect(notice.textContent).toContain('25 deposit addresses hold');
    expect(notice.textContent).toContain('The first 10 of them:');
    expect(notice.querySelectorAll('li')).toHaveLength(10);
  });
});
