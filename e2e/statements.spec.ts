import { expect, test } from '@playwright/test';
import { TotalIncomePage } from './pages/TotalIncomePage';
import { WalletPage } from './pages/WalletPage';
import { apiLogin, creditMember, registerViaApi, signIn, uniqueName } from './support/api';
import { pdfText } from './support/pdf';
import { axeSerious } from './support/tour';

// bypassCSP: axe-core is injected inline (as in the tour).
test.use({ colorScheme: 'dark', viewport: { width: 360, height: 740 }, bypassCSP: true });

test('a member downloads the statement of the month, whose closing balances are the wallet', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, { username: uniqueName('st'), fullName: 'Statement Reader' });
  const { user } = await apiLogin(request, member.username, member.password);
  await creditMember(request, user.id, { amount: '1234.5' });
  await creditMember(request, user.id, { amount: '7.25', wallet: 'points' });

  await signIn(page, member.username, member.password);
  const wallet = new WalletPage(page);
  await wallet.goto();
  await expect(wallet.depositBalance).toContainText('1,234.50');

  const income = new TotalIncomePage(page);
  await income.goto();
  // Joined this month: the month in progress is the only statement there is, and it is chosen.
  const month = new Date().toISOString().slice(0, 7);
  const monthName = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(income.statementMonth).toHaveText(monthName);
  await income.chooseMonth(monthName);
  expect(await axeSerious(page)).toEqual([]);
  const hasSidewaysScroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(hasSidewaysScroll).toBe(false);

  const { filename, bytes } = await income.downloadStatement();
  expect(filename).toBe(`statement-${member.username}-${month}.pdf`);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(bytes);
  expect(text).toContain(`Statement Reader (${member.username})`);
  // Deposit wallet: nothing before, 1234.50 in, nothing out, 1234.50 at the close; point wallet 7.25.
  expect(text).toMatch(/Deposit wallet\nUSDT\n0\.00\n1234\.50\n0\.00\n1234\.50/);
  expect(text).toMatch(/Point wallet\npoints\n0\.00\n7\.25\n0\.00\n7\.25/);
  await expect(income.statementDownload).toBeEnabled();
});
