import { expect, test } from '@playwright/test';
import { AuditLogPage } from './pages/AuditLogPage';
import { MembersPage } from './pages/MembersPage';
import { UsersPage } from './pages/UsersPage';
import { approverAdmin, creditMember, memberIdOf, registerViaApi, signInAdmin, uniqueName } from './support/api';
import { axeSerious } from './support/tour';

/**
 * The admin lists as an admin uses them: a search
 * finds the exact username first, every column header sorts on the server
 * with the sort in the URL, and the audit log says who did what to whom,
 * with links, the before and after of a change and the raw record behind a
 * disclosure.
 */

test('Members and Users: the exact username first, any column sorts, the sort stays in the URL', async ({
  page,
  request,
}) => {
  const tag = uniqueName('ex');
  await registerViaApi(request, { username: `${tag}a`, fullName: 'Similar Rich' });
  await registerViaApi(request, { username: tag, fullName: 'Exact Match' });
  await registerViaApi(request, { username: `${tag}b`, fullName: 'Similar Poor' });
  await creditMember(request, await memberIdOf(request, `${tag}a`), { amount: '30' });
  await creditMember(request, await memberIdOf(request, `${tag}b`), { amount: '10' });

  await signInAdmin(page);
  const members = new MembersPage(page);
  await members.goto(`?search=${tag.toUpperCase()}`);
  await expect(members.rows).toHaveCount(3);
  await expect(members.rows.first()).toContainText(`@${tag}`);
  await expect(members.rows.first()).toContainText('Exact Match');

  // Deposit, lowest first, then highest first: the exact match stays on top, the others follow the sort.
  const deposit = members.columnHeader('Deposit');
  await members.sortButton('Deposit').click();
  await expect(page).toHaveURL(/sort=deposit(&|$)/);
  // The header shows the sort once the page has rendered it (the URL changes first): the next click turns that.
  await expect(deposit).toHaveAttribute('aria-sort', 'ascending');
  await expect(members.rows.nth(1)).toContainText('Similar Poor');
  await members.sortButton('Deposit').click();
  await expect(page).toHaveURL(/sort=-deposit/);
  await expect(members.rows.first()).toContainText('Exact Match');
  await expect(members.rows.nth(1)).toContainText('Similar Rich');
  await expect(deposit).toHaveAttribute('aria-sort', 'descending');

  // The URL is the view: a reload shows the same order.
  await page.reload();
  await expect(members.rows.nth(1)).toContainText('Similar Rich');
  // The sponsor is in the rows' details until chosen; the choice is kept for the list.
  await expect(members.columnHeader('Sponsor')).toHaveCount(0);
  await members.showColumn('Sponsor');
  await page.reload();
  for (const header of ['Sponsor', 'Team L / R', 'Status']) {
    await expect(members.sortButton(header)).toBeVisible();
  }

  const users = new UsersPage(page);
  await users.goto(`?search=${tag}`);
  await expect(users.rows.first()).toContainText('Exact Match');
  await users.sortButton('Email').click();
  await expect(page).toHaveURL(/sort=email/);
  await expect(users.rows.first()).toContainText('Exact Match');
  await expect(users.rows.nth(1)).toContainText(`@${tag}a`);
});

// axe-core is injected inline, which the portal's content-security policy refuses otherwise.
test.describe(() => {
  test.use({ bypassCSP: true });
  test('the audit log says who did what to whom, with links, and keeps the raw record behind a disclosure', async ({
    page,
    request,
  }) => {
    const member = await registerViaApi(request, { fullName: 'Audited Member' });
    const id = await memberIdOf(request, member.username);
    await creditMember(request, id, { amount: '12.5', memo: 'Welcome credit', reason: 'Goodwill for ticket 88' });

    await signInAdmin(page);
    const log = new AuditLogPage(page);
    await log.goto(`?targetType=member&targetId=${id}`);
    const row = log.rows.first();
    await expect(row).toContainText(`@admin credited 12.50 USDT to the deposit wallet of @${member.username}`);
    await expect(row).toContainText('Member reads: “Welcome credit”');
    await expect(row).toContainText('Internal note: “Goodwill for ticket 88”');
    // No raw JSON until asked for.
    await expect(page.getByText('"entryId"')).toHaveCount(0);
    // The hash chain's last check (docs/decisions/0054-audit-chain.md): the portal's job checks new entries every 15 s.
    await expect(async () => {
      await page.reload();
      await expect(log.chainVerification).toContainText(/Verified through entry #\d+/, { timeout: 10_000 });
    }).toPass({ timeout: 90_000, intervals: [3_000] });
    await expect(log.chainVerification).toContainText(/Its hash: [0-9a-f]{64}/);

    const disclosure = log.rawRecordButton(row);
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await disclosure.click();
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const raw = log.rawRecord;
    await expect(raw).toContainText('"reason": "Goodwill for ticket 88"');
    await expect(raw).toContainText('"memo": "Welcome credit"');
    expect(await axeSerious(page)).toEqual([]);

    // The member is a link to their page.
    await log.memberLink(row, member.username).click();
    await expect(page).toHaveURL(new RegExp(`/Members/${id}$`));

    // A changed setting shows its before and after (changed by an admin with two-factor, docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
    const approver = await approverAdmin(request);
    const headers = approver.headers;
    const current = (await (await request.get('/api/admin/settings', { headers })).json()) as {
      withdrawalOnePending: boolean;
    };
    const next = !current.withdrawalOnePending;
    const patched = await request.patch('/api/admin/settings', { headers, data: { withdrawalOnePending: next } });
    expect(patched.status(), await patched.text()).toBe(200);
    await request.patch('/api/admin/settings', {
      headers,
      data: { withdrawalOnePending: current.withdrawalOnePending },
    });
    await log.goto('?action=settings.update');
    const before = current.withdrawalOnePending ? 'yes' : 'no';
    const after = next ? 'yes' : 'no';
    const change = log.rows.filter({ hasText: `withdrawal one pending: ${before} → ${after}` }).first();
    await expect(change).toContainText(`@${approver.username} changed 1 setting in Settings`);
    await expect(log.whatChanged(change)).toBeVisible();
    await expect(log.settingsLink(change)).toHaveAttribute('href', '/admin/settings');
  });
});
