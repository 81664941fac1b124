import { expect, test, type Page } from '@playwright/test';
import { RegisterPage } from './pages/RegisterPage';
import { ROOT_USERNAME } from './support/constants';
import { MEMBER_PASSWORD, registerViaApi, signIn, uniqueName } from './support/api';

/** Fills the sign-up form that a referral link opened, as a newcomer would. */
async function registerThroughLink(page: Page, link: string, username: string) {
  await page.goto(link);
  const register = new RegisterPage(page);
  await register.fill({ username, email: `${username}@example.com`, fullName: `Newcomer ${username}`, password: MEMBER_PASSWORD });
  await register.submit();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('the network', () => {
  test('referral links → sign-ups → sponsor tree → placement by hand → binary tree and downline', async ({ page, browser, request }) => {
    const sponsor = await registerViaApi(request, { sponsor: ROOT_USERNAME, side: 'right', username: uniqueName('spon') });
    await signIn(page, sponsor.username, sponsor.password);

    // The referral link page: plain and leg links on the portal's own address, and a QR code.
    await page.goto('/referral-link');
    const leftLink = await page.getByTestId('link-left').inputValue();
    const plainLink = await page.getByTestId('link-plain').inputValue();
    expect(leftLink).toMatch(new RegExp(`/register\\?ref=${sponsor.username}&side=left$`));
    expect(plainLink).toMatch(new RegExp(`/register\\?ref=${sponsor.username}$`));
    await expect(page.getByTestId('referral-qr').locator('svg')).toBeVisible();

    // Two newcomers join in another browser: one with the left link, one with the plain link.
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    const onLeft = uniqueName('left');
    const waiting = uniqueName('wait');
    await registerThroughLink(guestPage, new URL(leftLink).pathname + new URL(leftLink).search, onLeft);
    await guestPage.goto(new URL(plainLink).pathname + new URL(plainLink).search);
    await expect(new RegisterPage(guestPage).sponsor).toHaveValue(sponsor.username);
    await expect(guestPage.getByTestId('register-leg')).toHaveCount(0);
    await registerThroughLink(guestPage, new URL(plainLink).pathname + new URL(plainLink).search, waiting);
    await guest.close();

    await page.goto('/referral-link');
    await expect(page.getByTestId('signups-total')).toHaveText('2');
    await expect(page.getByTestId('signups-left')).toHaveText('1');
    await expect(page.getByTestId('signups-waiting')).toHaveText('1');

    // Both appear in the sponsor tree; the one from the plain link waits.
    await page.goto('/sponsor-tree');
    await expect(page.getByTestId(`sponsor-node-${onLeft}`)).toBeVisible();
    await expect(page.getByTestId(`sponsor-node-${waiting}`)).toContainText('Waiting for placement');

    // The left-link newcomer is already in the binary tree, on the left; the right side is free.
    await page.goto('/member-network');
    await expect(page.getByTestId(`tree-node-${onLeft}`)).toBeVisible();
    await expect(page.getByTestId(`slot-${sponsor.username}-right`)).toBeVisible();

    // The waiting one is on the placement page; the sponsor puts it under the newcomer, on the right.
    await page.goto('/placement');
    const row = page.getByTestId(`waiting-${waiting}`);
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Choose a position' }).click();
    await page.getByRole('tab', { name: 'Tree' }).click();
    await page.getByRole('button', { name: `Place here, free right position under ${onLeft}` }).click();
    await expect(page.getByRole('dialog', { name: `Place ${waiting}?` })).toContainText(`free right position under ${onLeft}`);
    await page.getByRole('button', { name: 'Place', exact: true }).click();
    await expect(page.getByText(`${waiting} is placed on the right of ${onLeft}.`)).toBeVisible();
    await expect(page.getByText('Nobody is waiting.')).toBeVisible();

    // It appears in the binary tree below the newcomer, and the teams are counted.
    await page.goto('/member-network');
    await expect(page.getByTestId(`tree-node-${waiting}`)).toBeVisible();
    await expect(page.getByTestId(`tree-node-${sponsor.username}`).getByTestId('left-count')).toHaveText('2');
    await page.getByTestId(`tree-node-${onLeft}`).click();
    await expect(page).toHaveURL(/\/member-network\?root=\d+$/);
    await expect(page.getByTestId('tree-root-summary')).toContainText(onLeft);
    await expect(page.getByTestId(`tree-node-${onLeft}`).getByTestId('right-count')).toHaveText('1');
    await page.getByRole('button', { name: 'Up one level' }).click();
    await expect(page.getByTestId('tree-root-summary')).toContainText(sponsor.username);

    // And in the downline table, at level 2 on the left leg.
    await page.goto('/member-network2?level=2');
    await expect(page.getByTestId(`downline-row-${waiting}`)).toContainText('Left');
    await expect(page.getByTestId(`downline-row-${onLeft}`)).toHaveCount(0);
  });

  test('a member cannot look at a tree outside its own downline', async ({ page, request }) => {
    const one = await registerViaApi(request, { side: 'left' });
    await signIn(page, one.username, one.password);
    // Member 1 is the company root: above everyone, so outside any member's downline.
    await page.goto('/member-network?root=1');
    await expect(page.getByText('No member with this id in your network.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to me' }).last().click();
    await expect(page.getByTestId('tree-root-summary')).toContainText(one.username);
  });
});
