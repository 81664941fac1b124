import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminLogin, apiLogin, registerViaApi, signIn, signInAdmin, uniqueName } from './support/api';
import { axeSerious } from './support/tour';

/**
 * The plan's admin pages (issue 15, points 3, 7 and 8). The daily close is
 * run here and nowhere else in the browser tests: a server's today can be
 * closed once, and the scheduler closed yesterday at start.
 */

// axe-core is injected inline, as in the tour.
test.use({ bypassCSP: true });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const utcDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A member with `deposit` USDT who bought the Starter package (100 BV). */
async function buyer(request: APIRequestContext, adminToken: string, options: { sponsor?: string; side?: 'left' | 'right' }) {
  const member = await registerViaApi(request, { username: uniqueName('pa'), ...options });
  const session = await apiLogin(request, member.username, member.password);
  const funded = await request.post(`/api/admin/members/${session.user.id}/adjustments`, {
    headers: auth(adminToken),
    data: { wallet: 'deposit', direction: 'credit', amount: '100', reason: 'Browser test funding' },
  });
  expect(funded.status(), await funded.text()).toBe(201);
  const packages = (await (await request.get('/api/packages', { headers: auth(session.accessToken) })).json()) as { items: Array<{ id: number; name: string }> };
  const starter = packages.items.find((p) => p.name === 'Starter')!;
  const bought = await request.post('/api/purchases', { headers: auth(session.accessToken), data: { packageId: starter.id } });
  expect(bought.status(), await bought.text()).toBe(201);
  return member;
}

test('the close form starts on the first open day, refuses closed and future days, and the close reads as one row and as each member\'s own line', async ({ page, request }) => {
  // One story from purchases to the member's line, with three axe runs: longer than the default minute on a busy machine.
  test.setTimeout(150_000);
  const admin = await adminLogin(request);
  const top = await buyer(request, admin.accessToken, { side: 'left' });
  await buyer(request, admin.accessToken, { sponsor: top.username, side: 'left' });
  await buyer(request, admin.accessToken, { sponsor: top.username, side: 'right' });
  const today = utcDay();
  const closes = (await (await request.get('/api/admin/plan/closes', { headers: auth(admin.accessToken) })).json()) as { items: Array<{ date: string }> };
  // The scheduler closed yesterday when the server started; today is open.
  expect(closes.items[0]?.date).toBe(utcDay(-1));

  await signInAdmin(page);
  await page.goto('/admindashboard');
  await expect(page.getByTestId('close-status')).toHaveText(`Closed up to ${utcDay(-1)}. The first open day is ${today}.`);
  const day = page.getByRole('group', { name: 'UTC day' });
  await expect(day).toContainText(today);
  const closeButton = page.getByRole('button', { name: 'Close day' });
  await expect(closeButton).toBeEnabled();
  // The sales chart (MUI X Charts, issue 15 point 23) is named, and its figures read as a table.
  const chart = page.getByRole('figure', { name: 'Sales and bonuses by day' });
  await expect(chart).toHaveAccessibleDescription(/^Sales and Bonuses in USDT, stacked, for \d+ periods? from /);
  await chart.getByRole('button', { name: 'Show the figures as a table' }).click();
  await expect(chart.getByRole('table', { name: 'Sales and bonuses by day, figures' })).toContainText(today);
  expect(await axeSerious(page)).toEqual([]);

  // The calendar: no later month, yesterday marked closed (when it shows in this month).
  await page.getByRole('button', { name: /Choose date/ }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
  if (utcDay(-1).slice(0, 7) === today.slice(0, 7)) {
    await expect(calendar.locator('[data-closed="true"]', { hasText: new RegExp(`^${Number(utcDay(-1).slice(8))}$`) })).toBeDisabled();
  }
  await page.keyboard.press('Escape');

  // Typed days outside the open range are refused in words, and nothing can be sent.
  for (const refused of [utcDay(-1), utcDay(1)]) {
    await day.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(refused.replaceAll('-', ''));
    await expect(page.getByText(`Choose a day from ${today} to ${today}`)).toBeVisible();
    await expect(closeButton).toBeDisabled();
  }
  await day.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(today.replaceAll('-', ''));
  await expect(closeButton).toBeEnabled();

  await closeButton.click();
  await expect(page.getByRole('dialog')).toContainText(today);
  await page.getByRole('button', { name: 'Close the day' }).click();
  await expect(page.getByText(new RegExp(`^Closed ${today}: 1 member matched, 10\\.00 USDT paid\\.$`))).toBeVisible();
  await expect(page.getByTestId('close-status')).toHaveText(`Closed up to ${today}. Every day up to today is closed; the next can be closed tomorrow (UTC).`);
  await expect(closeButton).toBeDisabled();

  // Transactions: the close is one row with its totals and a link to its report; its lines open on demand.
  await page.goto('/Transactions?type=matching_bonus');
  const table = page.getByRole('table', { name: 'Transactions' });
  const row = table.getByRole('row').filter({ hasText: `Close of ${today}` });
  await expect(row).toContainText('1 member paid 10.00 USDT for 100 BV matched');
  await expect(row).not.toContainText(top.username);
  await row.getByRole('button', { name: 'Show lines' }).click();
  await expect(row).toContainText(`${top.username} / income wallet`);
  expect(await axeSerious(page)).toEqual([]);
  await row.getByRole('link', { name: `Close report for ${today}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-matching-bonus\\?from=${today}&to=${today}`));
  await expect(page.getByRole('table', { name: 'Matching bonuses' })).toContainText(top.username);

  // The member who was paid reads their own line: the kind, the day, the volume.
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await signIn(page, top.username, top.password);
  await page.goto('/wallet?kind=matching_bonus');
  const history = page.getByRole('table', { name: 'Wallet history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText(`Matching bonus for ${today}: 100 BV matched at 10%`);
  await expect(history).toContainText('Matching bonus');
  await page.goto('/total-income');
  await expect(page.getByRole('figure', { name: 'Income by period' })).toBeVisible();
  expect(await axeSerious(page)).toEqual([]);
});

test('plan settings and packages save only after a review of what changes, with refusals in words beside the field', async ({ page, request }) => {
  const admin = await adminLogin(request);
  const before = (await (await request.get('/api/admin/settings', { headers: auth(admin.accessToken) })).json()) as { closeTimeUtc: string };
  // A later close time only moves the scheduler's due day back to one already closed: nothing else in the run notices.
  const later = before.closeTimeUtc === '00:30' ? '00:45' : '00:30';
  await signInAdmin(page);
  await page.goto('/admin/settings');
  const closeTime = page.getByLabel('Daily close time');
  await closeTime.fill('25:00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Close time must be a time of day as HH:MM (UTC)')).toBeVisible();
  await closeTime.fill(later);
  await page.getByRole('button', { name: 'Save settings' }).click();
  const review = page.getByRole('dialog', { name: 'Review the changes' });
  const changes = review.getByRole('list', { name: 'Changes' }).getByRole('listitem');
  await expect(changes).toHaveCount(1);
  await expect(changes.first()).toHaveText(`Daily close time${before.closeTimeUtc} UTC → ${later} UTC`);
  // Cancel sends nothing.
  await review.getByRole('button', { name: 'Cancel' }).click();
  expect(((await (await request.get('/api/admin/settings', { headers: auth(admin.accessToken) })).json()) as { closeTimeUtc: string }).closeTimeUtc).toBe(before.closeTimeUtc);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await review.getByRole('button', { name: 'Save 1 change' }).click();
  await expect(page.getByText('Settings saved. They apply to events from now on.')).toBeVisible();
  expect(((await (await request.get('/api/admin/settings', { headers: auth(admin.accessToken) })).json()) as { closeTimeUtc: string }).closeTimeUtc).toBe(later);
  await request.patch('/api/admin/settings', { headers: auth(admin.accessToken), data: { closeTimeUtc: before.closeTimeUtc } });

  // A package: the server's refusal stands beside its field, in words, with no second message.
  await page.goto('/admin/packages');
  await page.getByRole('button', { name: 'Add package' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price (USDT)').fill('5');
  await dialog.getByLabel('Business volume (BV)').fill('5');
  await dialog.getByLabel('Daily matching cap (USDT)').fill('5');
  await dialog.getByLabel('On sale').uncheck();
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
  await expect(page.getByText('name: Name is required')).toHaveCount(0);
  const name = uniqueName('Pack');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} saved.`)).toBeVisible();

  // Editing shows only what changed, old → new.
  const row = page.getByRole('table', { name: 'Packages' }).getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Price (USDT)').fill('6');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toHaveText(/^Price5(\.0+)? USDT → 6 USDT$/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} saved.`)).toBeVisible();
  await expect(row).toContainText('6.00 USDT');
});
