import { expect, test } from '@playwright/test';
import { DownlinePage } from './pages/DownlinePage';
import { PlacementPage } from './pages/PlacementPage';
import { RegisterPage } from './pages/RegisterPage';
import { ROOT_USERNAME } from './support/constants';
import { registerViaApi, signIn, uniqueName } from './support/api';

/**
 * A sponsor whose placement subtree nobody else's sign-ups reach: other
 * specs running at the same time spill over under the root's outer legs, so
 * this one sits on the right of a member of its own on the root's left.
 */
async function isolatedSponsor(request: Parameters<typeof registerViaApi>[0]) {
  const top = await registerViaApi(request, { sponsor: ROOT_USERNAME, side: 'left' });
  return registerViaApi(request, { sponsor: top.username, side: 'right' });
}

/** Whose link brought a visitor; placement with the waiting count and free positions, at 360 px. */
test.describe('network pages as people use them', () => {
  test('the register page names the sponsor of a referral link and its leg, and explains an unknown one', async ({
    page,
    request,
  }) => {
    const sponsor = await registerViaApi(request, { sponsor: ROOT_USERNAME, side: 'left', fullName: 'Rosa Referrer' });

    const register = new RegisterPage(page);
    await register.goto(`?ref=${sponsor.username}&side=right`);
    const invitedBy = register.invitedBy;
    await expect(invitedBy).toContainText('You were invited by');
    await expect(invitedBy).toContainText(`Rosa Referrer (${sponsor.username})`);
    await expect(register.invitedByLeg).toContainText('Leg: Right');

    // A plain link: the sponsor, no leg.
    await register.goto(`?ref=${sponsor.username}`);
    await expect(register.invitedBy).toContainText('Rosa Referrer');
    await expect(register.leg).toHaveCount(0);

    // A link to nobody: said on the form, and the sponsor can be typed instead.
    const nobody = uniqueName('nobody');
    await register.goto(`?ref=${nobody}`);
    await expect(register.unknownSponsor).toContainText(`No member is called “${nobody}”`);
    await register.sponsor.fill(sponsor.username);
    await expect(register.invitedBy).toContainText('Rosa Referrer');
  });

  test('placement counts who waits, offers free positions with a search, and fits a 360 px phone', async ({
    page,
    request,
  }) => {
    const sponsor = await isolatedSponsor(request);
    const onLeft = await registerViaApi(request, {
      sponsor: sponsor.username,
      side: 'left',
      username: uniqueName('lft'),
    });
    const first = await registerViaApi(request, { sponsor: sponsor.username, username: uniqueName('wa') });
    const second = await registerViaApi(request, { sponsor: sponsor.username, username: uniqueName('wb') });

    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, sponsor.username, sponsor.password);
    const placement = new PlacementPage(page);
    await placement.goto();
    await expect(placement.waitingCount).toHaveText('2 members wait to be placed.');
    await expect(placement.waiting(first.username)).toBeVisible();
    await expect(placement.waiting(second.username)).toBeVisible();
    // The shared list search narrows the waiting list, and the count says what it counts.
    await placement.search.fill(second.username);
    await expect(placement.waiting(first.username)).toHaveCount(0);
    await expect(placement.waitingCount).toHaveText(`1 waiting member matches “${second.username}”.`);
    await placement.search.fill('');
    await expect(placement.waitingCount).toHaveText('2 members wait to be placed.');

    await placement.openChooser(first.username);
    const dialog = placement.chooserFor(first.username);
    await expect(dialog).toBeVisible();
    // The nearest free positions first: the sponsor's own right, then under the left-leg member.
    const slots = placement.freeSlots;
    await expect(slots.first()).toContainText(`Right of ${sponsor.username}`);
    await expect(placement.freeSlot(onLeft.username, 'left')).toBeVisible();
    // Nothing of the dialog is cut off on the phone: it is no wider than the screen.
    const widths = await dialog.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.right).toBeLessThanOrEqual(360);

    // A search narrows the positions to those under one member.
    await placement.teamSearch.fill(onLeft.username);
    await expect(slots).toHaveCount(2);
    await expect(placement.freeSlot(sponsor.username, 'right')).toHaveCount(0);
    await placement.chooseFreeSlot(onLeft.username, 'right');

    await expect(placement.confirmationFor(first.username)).toContainText(
      `free right position under ${onLeft.username}`,
    );
    await placement.placeButton.click();
    await expect(page.getByText(`${first.username} is placed on the right of ${onLeft.username}.`)).toBeVisible();
    await expect(placement.waitingCount).toHaveText('1 member waits to be placed.');
    await expect(placement.waiting(first.username)).toHaveCount(0);
    // No sideways scrolling of the page itself at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('the downline is ordered by a chosen column, kept in the URL', async ({ page, request }) => {
    const sponsor = await isolatedSponsor(request);
    const zed = await registerViaApi(request, { sponsor: sponsor.username, side: 'left', username: uniqueName('zz') });
    const abe = await registerViaApi(request, { sponsor: sponsor.username, side: 'right', username: uniqueName('aa') });
    await signIn(page, sponsor.username, sponsor.password);
    const downline = new DownlinePage(page);
    await downline.goto();
    const rows = downline.rows;
    await expect(rows.first()).toHaveAttribute('data-testid', `downline-row-${zed.username}`); // tree order: left leg first
    await downline.usernameSortButton.click();
    await expect(page).toHaveURL(/sort=username/);
    await expect(rows.first()).toHaveAttribute('data-testid', `downline-row-${abe.username}`);
    await page.reload();
    await expect(downline.order).toContainText('Username, A to Z');
    await expect(rows.first()).toHaveAttribute('data-testid', `downline-row-${abe.username}`);
  });
});
