import { expect, test } from '@playwright/test';
import { AdminSettingsPage } from './pages/AdminSettingsPage';
import { approverAdmin, signInApprover } from './support/api';
import { axeSerious } from './support/tour';

/**
 * Four eyes and a delay (docs/decisions/0052-four-eyes-and-a-delay.md): an
 * admin declares the portal live on the Settings page; from then on
 * loosening a control (here the delay itself) is held in Pending changes,
 * with who proposed it, a countdown and Cancel, and no Confirm for its
 * proposer. Runs after every other file (playwright.config.ts): going live
 * cannot be undone.
 */
// axe-core is injected inline.
test.use({ bypassCSP: true });

test('an admin goes live; a loosening waits in Pending changes with its countdown, and is cancelled', async ({
  page,
  request,
}) => {
  const approver = await approverAdmin(request);
  await signInApprover(page, approver);
  const settings = new AdminSettingsPage(page);
  await settings.goto();

  await expect(settings.setupNotice).toContainText('Declare it live once the settings are right.');
  await settings.setupNotice.getByRole('button', { name: 'Go live' }).click();
  await expect(settings.goLiveDialog).toContainText('Going live cannot be undone.');
  await settings.goLiveDialog.getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByText('The portal is live.')).toBeVisible();
  await expect(settings.setupNotice).toHaveCount(0);
  await expect(page.getByText('No change is waiting.')).toBeVisible();

  const delay = page.getByLabel('Delay before a loosening takes effect');
  await expect(delay).toHaveValue('24');
  await delay.fill('12');
  await settings.saveButton.click();
  await settings.confirmButton(1).click();
  await expect(page.getByText('The change waits for another admin and the delay: see Pending changes.')).toBeVisible();
  // The value in force is still the old one.
  await expect(delay).toHaveValue('24');

  const row = settings.pendingChanges.filter({ hasText: 'Delay before a loosening takes effect: 24 hours → 12 hours' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Proposed by ${approver.username}`);
  await expect(row).toContainText(/Takes effect in 2[34] h/);
  await expect(row).toContainText('Waits for another admin to confirm');
  await expect(row.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  expect(await axeSerious(page)).toEqual([]);

  // At 360 px the page does not scroll sideways and Cancel is within the width.
  await page.setViewportSize({ width: 360, height: 800 });
  const cancel = await row.getByRole('button', { name: 'Cancel' }).boundingBox();
  expect(cancel!.x + cancel!.width).toBeLessThanOrEqual(360);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/Change #\d+ cancelled\./)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No change is waiting.')).toBeVisible();
});
