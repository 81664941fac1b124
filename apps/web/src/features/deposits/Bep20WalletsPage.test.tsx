import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ChainWallets, HotWalletFunding, Reconciliation } from '@portal/contract';
import { Bep20WalletsPage } from './Bep20WalletsPage';
import { json, renderAdminPage } from './render-admin-page.test-helper';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;

function page(
  unrecorded: Reconciliation['unrecorded'],
  hotWalletFunding: HotWalletFunding | null = null,
): ChainWallets {
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
    hotWalletFunding,
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

/** The page's answer on GET; a POST answers `posted` (and is kept in the returned mock's calls). */
const renderPage = (answer: ChainWallets, posted: unknown = {}) =>
  renderAdminPage('/bep20-wallets', <Bep20WalletsPage />, async (_url, init) =>
    init?.method === 'POST' ? json(201, posted) : json(200, answer),
  );

const HOT = address(0xb0b);
const TREASURY = address(0x7e5);

function funding(over: Partial<HotWalletFunding> = {}): HotWalletFunding {
  return {
    address: HOT,
    balance: '20.00',
    needed: '38.00',
    target: '30.00',
    lowWater: '25.00',
    belowLowWater: true,
    cap: '0.00',
    aboveCap: '0.00',
    toMove: '48.00',
    treasury: { address: TREASURY, balance: '500.00', keyHeld: true },
    paymentUri: null,
    capitalBooked: '0.00',
    ...over,
  };
}

const none = { total: '0.00', count: 0, addresses: [] };

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

  it('shows the hot wallet below its low-water mark, and moves the amount to move from the treasury once confirmed', async () => {
    const fetch = renderPage(page(none, funding()), {
      id: 1,
      amount: '48.00',
      fromAddress: TREASURY,
      toAddress: HOT,
      nonce: 0,
      txHash: `0x${'ab'.repeat(32)}`,
      status: 'confirmed',
      explorerUrl: null,
      createdAt: '2026-11-25T07:00:00.000Z',
    });
    const card = await screen.findByTestId('hot-wallet-funding');
    expect(within(card).getByText('Below the low-water mark')).toBeTruthy();
    expect(within(card).getByTestId('to-move').textContent).toContain('48.00');
    const form = within(card).getByRole('form', { name: 'Move from the treasury' });
    expect(within(form).getByLabelText<HTMLInputElement>(/Amount/).value).toBe('48.00');
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByTestId('treasury-move-confirmation');
    expect(dialog.textContent).toContain('48.00');
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Moved 48.00 USDT from the treasury to the hot wallet.')).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toContain('/api/admin/hot-wallet/moves');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ amount: '48.00' });
    expect(new Headers(post[1]!.headers).get('idempotency-key')).toBeTruthy();
  });

  it('gives a cold treasury the EIP-681 QR code of the amount to move, and no move form', async () => {
    const uri = `ethereum:${address(0x70c)}@31337/transfer?address=${HOT}&uint256=48000000000000000000`;
    renderPage(
      page(
        none,
        funding({
          belowLowWater: false,
          treasury: { address: TREASURY, balance: '500.00', keyHeld: false },
          paymentUri: uri,
        }),
      ),
    );
    const card = await screen.findByTestId('hot-wallet-funding');
    expect(within(card).getByText('Below its target')).toBeTruthy();
    expect(within(card).getByRole('img', { name: /send 48\.00 USDT from the treasury/ })).toBeTruthy();
    expect(within(card).getByTestId('payment-uri').textContent).toBe(uri);
    expect(within(card).queryByRole('form', { name: 'Move from the treasury' })).toBeNull();
    expect(within(card).getByRole('form', { name: 'Book outside capital' })).toBeTruthy();
  });

  it('says how much the hot wallet holds above its cap, and where a cold treasury needs the operator to move it', async () => {
    renderPage(
      page(
        none,
        funding({
          balance: '900.00',
          belowLowWater: false,
          toMove: '0.00',
          cap: '500.00',
          aboveCap: '362.00',
          treasury: { address: TREASURY, balance: '500.00', keyHeld: false },
        }),
      ),
    );
    const card = await screen.findByTestId('hot-wallet-funding');
    expect(within(card).getByText('Above its cap')).toBeTruthy();
    expect(within(card).getByTestId('above-cap').textContent).toBe(
      `The hot wallet holds 362.00 USDT above its cap: move it to the treasury (${TREASURY}) from the hot wallet's own wallet, or raise the cap.`,
    );
  });
});
