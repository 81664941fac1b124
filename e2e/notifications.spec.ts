import { expect, test } from '@playwright/test';
import { WalletPage } from './pages/WalletPage';
import { apiLogin, creditMember, registerViaApi, signIn, uniqueName } from './support/api';

/**
 * The bell (apps/web/src/features/notifications): a transfer sent to a member while their page is open shows in
 * its unread count within seconds, without a reload (the server-sent events of /api/notifications/stream), and
 * opening it leads to the page it is about.
 */
test('a transfer received shows in the bell live, and opening it leads to the transfers received', async ({
  page,
  request,
}) => {
  const receiver = await registerViaApi(request, { username: uniqueName('bell') });
  const sender = await registerViaApi(request, { username: uniqueName('bellfrom') });
  const from = await apiLogin(request, sender.username, sender.password);
  await creditMember(request, from.user.id, { amount: '50' });

  await signIn(page, receiver.username, receiver.password);
  await new WalletPage(page).goto();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  let reloads = 0;
  page.on('load', () => (reloads += 1));

  const sent = await request.post('/api/transfers', {
    headers: { authorization: `Bearer ${from.accessToken}` },
    data: { toUsername: receiver.username, amount: '12.5' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  // Well inside the bell's one-minute fallback poll: the stream told the page.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
  expect(reloads).toBe(0);

  await bell.click();
  const item = page.getByRole('list', { name: 'Notifications' }).getByRole('button');
  await expect(item).toContainText(`${sender.username} sent you`);
  await item.click();
  await expect(page).toHaveURL(/\/transfer-Receiver-history$/);
  await expect(bell).toHaveAccessibleName('Notifications');
});
