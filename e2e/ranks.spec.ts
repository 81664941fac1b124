import { expect, test } from '@playwright/test';
import { adminLogin, apiLogin, registerStarterBuyer, signIn, signInAdmin } from './support/api';
import { axeSerious } from './support/tour';

/**
 * Ranks as an operator and a member meet them: the admin adds a rank on
 * Ranks, evaluates now, finds who reached it in the report; the member sees
 * it on the dashboard and on Ranks, and its bonus in the income wallet once,
 * however often ranks are evaluated again.
 *
 * Its own project, after every other file (playwright.config.ts): a rank
 * with a bonus pays every member who meets it, which would move the figures
 * other files check to the base unit.
 */

// axe-core is injected inline, as in the tour.
test.use({ bypassCSP: true });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test('an admin adds a rank and evaluates; the report, the member dashboard and Ranks show it, its bonus paid once', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  // A sponsor placed in the tree, with three personally sponsored active members (each bought Starter).
  const sponsor = await registerStarterBuyer(request, { prefix: 'rk', side: 'right' });
  for (const side of ['left', 'right', 'left'] as const)
    await registerStarterBuyer(request, { prefix: 'rk', sponsor: sponsor.username, side });
  const name = `Pathfinder ${sponsor.username.slice(-5)}`;

  await signInAdmin(page);
  await page.goto('/admin/ranks');
  await page.getByRole('button', { name: 'Add rank' }).click();
  const form = page.getByRole('dialog', { name: 'Add rank' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Active members sponsored personally').fill('3');
  await form.getByLabel('One-time bonus (USDT)').fill('7');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} saved.`)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole('table', { name: 'Ranks' })).toContainText(name);
  expect(await axeSerious(page)).toEqual([]);

  await page.getByRole('button', { name: 'Evaluate now' }).click();
  await page.getByRole('dialog', { name: 'Evaluate ranks now?' }).getByRole('button', { name: 'Evaluate' }).click();
  await expect(page.getByText(/reached, .* USDT credited/)).toBeVisible();

  // The report: the sponsor at the new rank, its bonus paid.
  await page.goto(`/admin/rank-achievements?member=${sponsor.username}`);
  const report = page.getByRole('table', { name: 'Rank achievements' });
  await expect(report).toContainText(sponsor.username);
  await expect(report).toContainText(name);
  await expect(report).toContainText('7.00');
  expect(await axeSerious(page)).toEqual([]);

  // Evaluated again (as every daily close does): nothing new for this member, nothing paid twice.
  const admin = await adminLogin(request);
  const again = await request.post('/api/admin/ranks/evaluate', { headers: auth(admin.accessToken) });
  expect(again.status(), await again.text()).toBe(200);

  // The member: the rank on the dashboard's card and on Ranks, the bonus once in the income wallet.
  const memberPage = await (await browser.newContext()).newPage();
  await signIn(memberPage, sponsor.username, sponsor.password);
  await expect(memberPage.getByText(name).first()).toBeVisible();
  await memberPage.goto('/ranks');
  const ladder = memberPage.getByRole('table', { name: 'Ranks' });
  const row = ladder.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Not yet');
  expect(await axeSerious(memberPage)).toEqual([]);

  const session = await apiLogin(request, sponsor.username, sponsor.password);
  const lines = (await (
    await request.get('/api/wallets/income/entries?pageSize=100', { headers: auth(session.accessToken) })
  ).json()) as { items: Array<{ type: string; amount: string }> };
  expect(lines.items.filter((l) => l.type === 'rank_bonus')).toEqual([
    expect.objectContaining({ type: 'rank_bonus', amount: '7.00' }),
  ]);
});
