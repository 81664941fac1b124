import { expect, test, type Page } from '@playwright/test';
import { DownlinePage } from './pages/DownlinePage';
import { MemberNetworkPage } from './pages/MemberNetworkPage';
import { PlacementPage } from './pages/PlacementPage';
import { ReferralLinkPage } from './pages/ReferralLinkPage';
import { RegisterPage } from './pages/RegisterPage';
import { SponsorTreePage } from './pages/SponsorTreePage';
import { ROOT_USERNAME } from './support/constants';
import { MEMBER_PASSWORD, registerViaApi, signIn, uniqueName } from './support/api';

/** Fills the sign-up form that a referral link opened, as a newcomer would. */
async function registerThroughLink(page: Page, link: string, username: string) {
  await page.goto(link);
  const register = new RegisterPage(page);
  await register.fill({
    username,
    email: `${username}@example.com`,
    fullName: `Newcomer ${username}`,
    password: MEMBER_PASSWORD,
  });
  await register.submit();
  // Registration signs the newcomer in.
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('the network', () => {
  test('referral links → sign-ups → sponsor tree → placement by hand → binary tree and downline', async ({
    page,
    browser,
    request,
  }) => {
    const sponsor = await registerViaApi(request, {
      sponsor: ROOT_USERNAME,
      side: 'right',
      username: uniqueName('spon'),
    });
    await signIn(page, sponsor.username, sponsor.password);

    // The referral link page: plain and leg links on the portal's own address, and a QR code.
    const referral = new ReferralLinkPage(page);
    await referral.goto();
    const leftLink = await referral.leftLink.inputValue();
    const plainLink = await referral.plainLink.inputValue();
    expect(leftLink).toMatch(new RegExp(`/register\\?ref=${sponsor.username}&side=left$`));
    expect(plainLink).toMatch(new RegExp(`/register\\?ref=${sponsor.username}$`));
    await expect(referral.qrCode).toBeVisible();

    // Two newcomers join in another browser: one with the left link, one with the plain link.
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    const onLeft = uniqueName('left');
    const waiting = uniqueName('wait');
    await registerThroughLink(guestPage, new URL(leftLink).pathname + new URL(leftLink).search, onLeft);
    await guestPage.goto(new URL(plainLink).pathname + new URL(plainLink).search);
    const guestRegister = new RegisterPage(guestPage);
    await expect(guestRegister.sponsor).toHaveValue(sponsor.username);
    await expect(guestRegister.leg).toHaveCount(0);
    await registerThroughLink(guestPage, new URL(plainLink).pathname + new URL(plainLink).search, waiting);
    await guest.close();

    await referral.goto();
    await expect(referral.signupsTotal).toHaveText('2');
    await expect(referral.signupsLeft).toHaveText('1');
    await expect(referral.signupsWaiting).toHaveText('1');

    // Both appear in the sponsor tree; the one from the plain link waits.
    const sponsorTree = new SponsorTreePage(page);
    await sponsorTree.goto();
    await expect(sponsorTree.node(onLeft)).toBeVisible();
    await expect(sponsorTree.node(waiting)).toContainText('Waiting for placement');

    // The left-link newcomer is already in the binary tree, on the left; the right side is free.
    const tree = new MemberNetworkPage(page);
    await tree.goto();
    await expect(tree.node(onLeft)).toBeVisible();
    await expect(tree.freeSlot(sponsor.username, 'right')).toBeVisible();

    // The waiting one is on the placement page; the sponsor puts it under the newcomer, on the right.
    const placement = new PlacementPage(page);
    await placement.goto();
    await expect(placement.waiting(waiting)).toBeVisible();
    await placement.openChooser(waiting);
    await placement.treeTab.click();
    await placement.chooseInTree(onLeft, 'right');
    await expect(placement.confirmationFor(waiting)).toContainText(`free right position under ${onLeft}`);
    await placement.placeButton.click();
    await expect(page.getByText(`${waiting} is placed on the right of ${onLeft}.`)).toBeVisible();
    await expect(page.getByText('Nobody is waiting.')).toBeVisible();

    // It appears in the binary tree below the newcomer, and the teams are counted.
    await tree.goto();
    await expect(tree.node(waiting)).toBeVisible();
    await expect(tree.teamCount(sponsor.username, 'left')).toHaveText('2');
    await tree.node(onLeft).click();
    await expect(page).toHaveURL(/\/member-network\?root=\d+$/);
    await expect(tree.rootSummary).toContainText(onLeft);
    await expect(tree.teamCount(onLeft, 'right')).toHaveText('1');
    await tree.upOneLevelButton.click();
    await expect(tree.rootSummary).toContainText(sponsor.username);

    // And in the downline table, at level 2 on the left leg.
    const downline = new DownlinePage(page);
    await downline.goto('?level=2');
    await expect(downline.row(waiting)).toContainText('Left');
    await expect(downline.row(onLeft)).toHaveCount(0);
  });

  test('a member cannot look at a tree outside its own downline', async ({ page, request }) => {
    const one = await registerViaApi(request, { side: 'left' });
    await signIn(page, one.username, one.password);
    // Member 1 is the company root: above everyone, so outside any member's downline.
    const tree = new MemberNetworkPage(page);
    await tree.goto(1);
    await expect(page.getByText('No member with this id in your network.')).toBeVisible();
    await tree.backToMeButton.last().click();
    await expect(tree.rootSummary).toContainText(one.username);
  });
});
