import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Notifications } from '@portal/contract';
import { session } from '../../shared/session/instance';
import { json, renderWithStubbedApi, signInForTest } from '../../test-stubbed-api';
import { NotificationBell } from './NotificationBell';

const BELL: Notifications = {
  unread: 1,
  items: [
    {
      id: 12,
      kind: 'transfer_received',
      text: 'amara sent you 24.50 USDT; it is in your deposit wallet.',
      link: '/transfer-Receiver-history',
      explorerUrl: null,
      createdAt: '2026-11-28T10:00:00.000Z',
      readAt: null,
    },
    {
      id: 9,
      kind: 'withdrawal_paid',
      text: 'Your withdrawal of 40.00 USDT was paid to 0x1234…abcd.',
      link: '/withdraw-history',
      explorerUrl: 'https://testnet.bscscan.com/tx/0xabc',
      createdAt: '2026-11-27T10:00:00.000Z',
      readAt: '2026-11-27T11:00:00.000Z',
    },
  ],
};

function open() {
  signInForTest({ role: 'member', isMember: true });
  return renderWithStubbedApi(
    <NotificationBell />,
    (url) => (url.endsWith('/api/notifications') ? json(200, BELL) : json(404, { message: 'No.', code: 'NOT_FOUND' })),
    () => json(200, { unread: 0 }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('the bell', () => {
  it('shows the unread count, lists the latest with the unread first in bold, and links a paid withdrawal to the chain', async () => {
    open();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('amara sent you 24.50 USDT') as string,
      expect.stringContaining('Your withdrawal of 40.00 USDT was paid') as string,
    ]);
    expect(items[0]!.textContent).toContain('(unread)');
    expect(within(list).getByRole('link', { name: 'View the transaction' }).getAttribute('href')).toBe(
      'https://testnet.bscscan.com/tx/0xabc',
    );
  });

  it('marks one read when it is opened, and all with one button', async () => {
    const posts = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await vi.waitFor(() => expect(posts).toEqual([{ url: '/api/notifications/read', body: {} }]));
    fireEvent.click(screen.getByText(/amara sent you/));
    await vi.waitFor(() => expect(posts.at(-1)).toEqual({ url: '/api/notifications/read', body: { ids: [12] } }));
  });
});
