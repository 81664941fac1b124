import { expect, test } from '@playwright/test';
import { TransferPage } from './pages/TransferPage';
import { apiLogin, creditMember, registerViaApi, signIn } from './support/api';
import { ROOT_USERNAME } from './support/constants';

/**
 * The receiver is checked as soon as it is typed — their
 * name, or plainly why they cannot receive — and the company's root is
 * refused before any confirmation (it used to be confirmed, then refused).
 */
test('point 12: Transfer names the receiver as it is typed and refuses the company root before any confirmation', async ({
  page,
  request,
}) => {
  const sender = await registerViaApi(request);
  const receiver = await registerViaApi(request, { fullName: 'Rhea Receiver' });
  const me = await apiLogin(request, sender.username, sender.password);
  await creditMember(request, me.user.id, { amount: '20' });
  const transfers: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/transfers')) transfers.push(r.url());
  });

  await signIn(page, sender.username, sender.password);
  const transfer = new TransferPage(page);
  await transfer.goto();
  const username = transfer.receiver;

  // The root: refused in words as soon as it is typed, before any button is pressed.
  await username.fill(ROOT_USERNAME);
  await expect(
    page.getByText("That is the company's account, which cannot receive transfers. Send to a member."),
  ).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await transfer.amount.fill('5');
  await transfer.reviewButton.click();
  await expect(
    page.getByText("That is the company's account, which cannot receive transfers. Send to a member."),
  ).toBeVisible();
  await expect(transfer.confirmation).toHaveCount(0);

  // Oneself and an unknown name are refused the same way.
  await username.fill(sender.username);
  await expect(page.getByText('You cannot transfer to yourself.')).toBeVisible();
  await username.fill('nobody-by-this-name');
  await expect(page.getByText('No member has the username "nobody-by-this-name".')).toBeVisible();

  // A member: their name shows while typing, and the confirmation restates it.
  await username.fill(receiver.username);
  await expect(page.getByText(`Paying Rhea Receiver (@${receiver.username})`)).toBeVisible();
  await transfer.reviewButton.click();
  await expect(transfer.confirmation).toContainText('Rhea Receiver');
  await transfer.confirmButton.click();
  await expect(page.getByText(/^Sent 5\.00 USDT to Rhea Receiver/)).toHaveCount(1);
  await expect(transfer.available).toContainText('15.00');
  expect(transfers).toHaveLength(1);
});
