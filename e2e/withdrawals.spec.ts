import { expect, test, type APIRequestContext } from '@playwright/test';
import { AccountSettingsPage } from './pages/AccountSettingsPage';
import { AdminDashboardPage } from './pages/AdminDashboardPage';
import { LoginPage } from './pages/LoginPage';
import { SignedInFrame } from './pages/SignedInFrame';
import { WithdrawApprovalHistoryPage } from './pages/WithdrawApprovalHistoryPage';
import { WithdrawApprovalPage } from './pages/WithdrawApprovalPage';
import { WithdrawHistoryPage } from './pages/WithdrawHistoryPage';
import { WithdrawPage } from './pages/WithdrawPage';
import {
  adminLogin,
  approverAdmin,
  creditMember,
  memberIdOf,
  registerViaApi,
  signIn,
  signInApprover,
} from './support/api';
import { chainSend } from './support/chain';
import { axeSerious, expectNoSidewaysScroll } from './support/tour';
import { freshAddress, signInWithRecoveryCode, totpCode, twoFactorMember } from './support/two-factor-member';

/**
 * Withdrawals as people use them: a member with income turns two-factor on
 * (codes computed here with the same TOTP library), signs in again with a
 * code, saves an address (hold 0, set by the admin), asks to withdraw; the
 * admin approves it together with two others; the payouts leave the
 * embedded chain's hot wallet and every history says paid.
 */

const code = totpCode;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Another member asking through the API: two-factor on, address saved, request signed off with a code. */
async function otherRequest(request: APIRequestContext, adminToken: string, amount: string) {
  return (await askingMember(request, amount)).first;
}

/** A member with `amount` of income and two-factor on, who asks to withdraw it all; the next request is `again`. */
async function askingMember(request: APIRequestContext, amount: string) {
  const member = await twoFactorMember(request, amount);
  const res = await request.post('/api/withdrawals', {
    headers: member.headers,
    data: { amount, address: member.address, totpCode: code(member.secret, 30_000) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return {
    ...member,
    first: (await res.json()) as { id: number },
    /** Another request (refused before its code is checked, so any code of the right form does). */
    again: (more: string) =>
      request.post('/api/withdrawals', {
        headers: member.headers,
        data: { amount: more, address: member.address, totpCode: code(member.secret, 60_000) },
      }),
  };
}

test('a member turns two-factor on, saves an address and withdraws; an admin approves it with two others and all are paid on chain', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await adminLogin(request);
  // Settings and approvals need an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
  const approver = await approverAdmin(request);
  // A threshold under the three withdrawals' total: the approval dialog asks for a fresh code.
  expect(
    (
      await request.patch('/api/admin/settings', {
        headers: approver.headers,
        data: { withdrawalAddressHoldHours: '0', largeApprovalThreshold: '50' },
      })
    ).status(),
  ).toBe(200);
  const member = await registerViaApi(request, { fullName: 'Wanda Withdraw' });
  await creditMember(request, await memberIdOf(request, member.username), {
    wallet: 'income',
    amount: '120.5',
    reason: 'Bonus for the test',
  });

  // Two-factor on, in the browser.
  const memberContext = await browser.newContext();
  const m = await memberContext.newPage();
  await signIn(m, member.username, member.password);
  const withdraw = new WithdrawPage(m);
  await withdraw.goto();
  await expect(m.getByText('Withdrawals need two-factor sign-in')).toBeVisible();
  const settings = new AccountSettingsPage(m);
  await settings.goto('security');
  await settings.setUpTwoFactorButton.click();
  await expect(settings.twoFactorQrCode).toBeVisible();
  const secret = await settings.readTwoFactorSecret();
  await settings.twoFactorCode.fill(code(secret));
  await settings.turnOnButton.click();
  await expect(settings.recoveryCodes).toContainText('shown only once');
  const recovery = await settings.firstRecoveryCode();

  // Signing in again asks for a code after the password (here a recovery code: the
  // next authenticator code is kept for the withdrawal, each code being single-use).
  await new SignedInFrame(m).logOut();
  const login = new LoginPage(m);
  await login.goto();
  await login.fill(member.username, member.password);
  await login.submit();
  await expect(login.code).toBeVisible();
  await login.code.fill(recovery);
  await login.submit();
  await expect(m).toHaveURL(/\/dashboard$/);

  // An address saved (hold 0: usable at once).
  const to = freshAddress();
  await settings.goto('security');
  await settings.saveAddress(to);
  await expect(settings.withdrawalAddresses).toContainText(to);

  // The request: fee and what arrives, before confirming.
  await withdraw.goto();
  await expect(withdraw.available).toContainText('120.50');
  await withdraw.amount.fill('50');
  await withdraw.chooseAddress(to);
  await withdraw.code.fill(code(secret, 30_000));
  await withdraw.reviewButton.click();
  const confirmation = withdraw.confirmation;
  await expect(confirmation).toContainText('2.50');
  await expect(confirmation).toContainText('47.50');
  await withdraw.confirmButton.click();
  await expect(m.getByText(/Withdrawal of 50.00 USDT requested/)).toBeVisible();
  await expect(withdraw.available).toContainText('70.50');
  // Followed where it was made.
  await expect(m.getByTestId('withdrawals-in-progress')).toContainText('50.00 USDT requested');
  await expect(m.getByTestId('withdrawals-in-progress')).toContainText("waiting for an admin's approval");

  await otherRequest(request, admin.accessToken, '20');
  await otherRequest(request, admin.accessToken, '10');

  // The admin approves all three at once.
  // The embedded chain's hot wallet starts with gas only: fund it with the
  // token from the test token's faucet (unbooked tokens: this file runs after
  // the others, see playwright.config.ts).
  const hotAddress = (
    (await (await request.get('/api/admin/withdrawals/hot-wallet', { headers: auth(admin.accessToken) })).json()) as {
      address: string;
    }
  ).address;
  await chainSend(hotAddress, '100');

  await signInApprover(page, approver);
  const approval = new WithdrawApprovalPage(page);
  await approval.goto();
  await expect(approval.hotWallet).toContainText('USDT');
  const before = (
    (await (await request.get('/api/admin/withdrawals/hot-wallet', { headers: auth(admin.accessToken) })).json()) as {
      token: string;
    }
  ).token;
  await expect(approval.table.getByRole('row')).toHaveCount(4);
  // Paid before these (the money loop of deposits.spec.ts ran first).
  const paidCount = async () => {
    const res = await request.get('/api/admin/withdrawals?status=paid', { headers: auth(admin.accessToken) });
    return ((await res.json()) as { total: number }).total;
  };
  const paidBefore = await paidCount();
  await approval.selectAllButton.click();
  await approval.approveSelectedButton(3).click();
  await expect(approval.dialog).toContainText('75.50');
  await expect(approval.dialog).toContainText('add up to more than 50.00 USDT');
  await expect(approval.approveAndPayButton).toBeDisabled();
  await page.getByTestId('approval-totp-code').fill(await approver.code());
  await approval.approveAndPayButton.click();
  await expect(page.getByText('3 withdrawals approved')).toBeVisible();

  // Paid on chain: the hot wallet sent exactly 47.5 + 19 + 9 (the 1 USDT fee floor).
  await expect.poll(paidCount, { timeout: 60_000 }).toBe(paidBefore + 3);
  const after = (
    (await (await request.get('/api/admin/withdrawals/hot-wallet', { headers: auth(admin.accessToken) })).json()) as {
      token: string;
    }
  ).token;
  const units = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'));
  };
  expect(units(before) - units(after)).toBe(75_500_000_000_000_000_000n);

  const history = new WithdrawHistoryPage(m);
  await history.goto();
  const row = history.table.getByRole('row').nth(1);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('47.50');
  await expect(row).toContainText(/0x[0-9a-f]{8}…[0-9a-f]{6}/);
  const decisions = new WithdrawApprovalHistoryPage(page);
  await decisions.goto('?status=paid');
  await expect(decisions.table.getByRole('row')).toHaveCount(paidBefore + 4);
  await memberContext.close();
});

test('the withdrawal policy: the limits on the member’s page, a clear refusal over 24 hours, a second admin above the threshold', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const first = await approverAdmin(request);
  const second = await approverAdmin(request);
  const setPolicy = async (data: Record<string, string>) =>
    expect((await request.patch('/api/admin/settings', { headers: first.headers, data })).status()).toBe(200);
  await setPolicy({ secondApprovalThreshold: '30', withdrawalDailyLimit: '60' });
  try {
    const asking = await askingMember(request, '40');
    const id = asking.first.id;

    // Over the 24 hours: refused, naming the limit and when it frees up.
    const over = await asking.again('30');
    expect(over.status()).toBe(422);
    const refusal = (await over.json()) as { code: string; message: string };
    expect(refusal.code).toBe('WITHDRAWAL_DAILY_LIMIT');
    expect(refusal.message).toMatch(
      /^Withdrawals are limited to 60\.00 USDT in 24 hours and 20\.00 USDT is left now\. You can withdraw 60\.00 USDT more after \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );

    // The member's page says the limits and what is left.
    const memberContext = await browser.newContext();
    const m = await memberContext.newPage();
    await signInWithRecoveryCode(m, asking);
    const withdraw = new WithdrawPage(m);
    await withdraw.goto();
    await expect(withdraw.limits).toContainText('60.00 USDT in any 24 hours: 20.00 USDT left now, more from');
    await memberContext.close();

    // The first admin's approval is recorded and shown; the same admin cannot give the second.
    // axe-core is injected inline, which the portal's content-security policy refuses otherwise; 1366 px, a laptop.
    const adminContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 768 } });
    const page = await adminContext.newPage();
    await signInApprover(page, first);
    const approval = new WithdrawApprovalPage(page);
    await approval.goto();
    await expect(approval.thresholds).toContainText('a withdrawal above 30.00 USDT needs two different admins');
    await approval.select(id).check();
    await expect(approval.selectionEffect).toHaveText(
      'Approving 1 withdrawal: 1 recorded as the first of two approvals (a second admin pays).',
    );
    await approval.approveSelectedButton(1).click();
    await expect(approval.dialog).toContainText('above the second-approval threshold of 30.00 USDT');
    // It only records the first approval of two, and says so (issue 42: it read "Approve and pay").
    await approval.approveFirstOfTwoButton.click();
    await expect(
      page.getByText(`Withdrawal #${id}: first approval recorded; it waits for a second admin`),
    ).toBeVisible();
    // The admin dashboard opens with it under "To decide", one click from its row (issue 42, item 1).
    const dashboard = new AdminDashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.decision('second-approvals')).not.toHaveText('0');
    await dashboard.decisionLink('second-approvals').click();
    await expect(page).toHaveURL(/\/withdraw-approval$/);
    // At the top, in "Needs attention": why, and the actions in view without scrolling sideways (1366 px), then stacked (360 px).
    const attention = approval.attentionRow(id);
    await expect(attention).toContainText('Waits for a second admin');
    await expect(attention).toContainText(`First approval by @${first.username}`);
    await expect(attention).toContainText('You gave the first approval: another admin approves it.');
    await expect(approval.attention).toBeVisible();
    await expect(attention.getByRole('button', { name: 'Reject' })).toBeInViewport();
    expect(await axeSerious(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(approval.attention).toBeVisible();
    await attention.getByRole('button', { name: 'Reject' }).scrollIntoViewIfNeeded();
    await expect(attention.getByRole('button', { name: 'Reject' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    expect(await axeSerious(page)).toEqual([]);
    // And in dark mode (the theme follows the system's preference).
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await axeSerious(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1366, height: 768 });
    const row = approval.table.getByRole('row', { name: new RegExp(asking.username) });
    await expect(row).toContainText(`First approval by @${first.username}, waiting for a second admin`);
    await approval.select(id).check();
    await approval.approveSelectedButton(1).click();
    await approval.approveAndPayButton.click();
    await expect(
      page.getByText(`You gave withdrawal #${id} its first approval; a different admin must give the second.`),
    ).toBeVisible();

    // The second admin may reject it: the whole amount goes back.
    const rejected = await request.post(`/api/admin/withdrawals/${id}/reject`, {
      headers: second.headers,
      data: { reason: 'Not this time' },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    const decisions = new WithdrawApprovalHistoryPage(page);
    await decisions.goto('?status=rejected');
    await expect(decisions.table.getByRole('row', { name: new RegExp(asking.username) })).toContainText(
      'Not this time',
    );
    // Decided: it needs nobody any more.
    await approval.goto();
    await expect(approval.attentionRow(id)).toHaveCount(0);
    await adminContext.close();
  } finally {
    await setPolicy({ secondApprovalThreshold: '5000', withdrawalDailyLimit: '10000' });
  }
});

test('an admin’s own withdrawal: the approval list says another admin decides on it and offers no action; another admin approves it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const other = await approverAdmin(request);
  // Addresses usable at once, as in the first test (this one may run alone).
  const hold = await request.patch('/api/admin/settings', {
    headers: other.headers,
    data: { withdrawalAddressHoldHours: '0' },
  });
  expect(hold.status(), await hold.text()).toBe(200);
  // A member with income asks to withdraw 40, then is promoted to admin.
  const insider = await askingMember(request, '40');
  const id = insider.first.id;
  const promoted = await request.patch(`/api/admin/users/${await memberIdOf(request, insider.username)}`, {
    headers: other.headers,
    data: { role: 'admin' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);

  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.fill(insider.username, insider.password);
  await login.submit();
  await login.code.fill(insider.recoveryCode);
  await login.submit();
  await expect(page).toHaveURL(/\/admindashboard$/);
  const approval = new WithdrawApprovalPage(page);
  await approval.goto();
  const row = approval.table.getByRole('row', { name: new RegExp(insider.username) });
  await expect(row).toContainText('Your own withdrawal: another admin decides on it.');
  await expect(approval.select(id)).toHaveCount(0);
  // "Select all" leaves it out too.
  await approval.selectAllButton.click();
  await expect(approval.select(id)).toHaveCount(0);
  expect(await axeSerious(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(row).toContainText('Your own withdrawal: another admin decides on it.');
  expect(await axeSerious(page)).toEqual([]);

  // The API refuses it from this admin, whatever the page offers; another admin approves it.
  const own = await request.post(`/api/admin/withdrawals/${id}/approve`, { headers: insider.headers, data: {} });
  expect(own.status(), await own.text()).toBe(403);
  expect(((await own.json()) as { code: string }).code).toBe('OWN_MONEY');
  const approved = await request.post(`/api/admin/withdrawals/${id}/approve`, { headers: other.headers, data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  await context.close();
});

test('a withdrawal to an address screened after the request: one click from the dashboard, flagged under "Needs attention" with why, rejected in one click', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await approverAdmin(request);
  // Addresses usable at once, as in the first test (this one may run alone).
  const hold = await request.patch('/api/admin/settings', {
    headers: admin.headers,
    data: { withdrawalAddressHoldHours: '0' },
  });
  expect(hold.status(), await hold.text()).toBe(200);
  const asking = await askingMember(request, '25');
  const id = asking.first.id;
  const listed = await request.post('/api/admin/screening', {
    headers: admin.headers,
    data: { address: asking.address, reason: 'Reported stolen funds' },
  });
  expect(listed.status(), await listed.text()).toBe(201);

  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInApprover(page, admin);
  const dashboard = new AdminDashboardPage(page);
  await expect(dashboard.decision('pending-withdrawals')).not.toHaveText('0');
  await dashboard.decisionLink('pending-withdrawals').click();
  await expect(page).toHaveURL(/\/withdraw-approval$/);
  const approval = new WithdrawApprovalPage(page);
  const row = approval.attentionRow(id);
  await expect(row).toContainText('Address on the screening list');
  await expect(row).toContainText('(Reported stolen funds): it cannot be approved.');
  expect(await axeSerious(page)).toEqual([]);
  await row.getByRole('button', { name: new RegExp(`^Reject withdrawal ${id}\\b`) }).click();
  await expect(page.getByText('1 withdrawal rejected and refunded.')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The member reads why, not the list's reason.
  const mine = (await (await request.get('/api/withdrawals?status=rejected', { headers: asking.headers })).json()) as {
    items: Array<{ id: number; reason: string }>;
  };
  const rejected = mine.items.find((w) => w.id === id)!;
  expect(rejected.reason).toMatch(/^The address is on the portal's screening list/);
  expect(rejected.reason).not.toContain('Reported stolen funds');
  await context.close();
});
