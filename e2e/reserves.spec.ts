import { expect, test } from '@playwright/test';
import { ProofOfReservesPage } from './pages/ProofOfReservesPage';
import { WalletPage } from './pages/WalletPage';
import { adminHeaders, apiLogin, creditMember, registerViaApi, signIn, uniqueName } from './support/api';

/**
 * Proof of reserves (docs/decisions/0064-proof-of-reserves.md): a member checks in their own browser that the
 * published proof counts their balances, and anyone, signed in or not, checks the hot wallet's signature.
 */
test('a member verifies their balances in the published proof, and a visitor checks its signature', async ({
  page,
  browser,
  request,
}) => {
  const member = await registerViaApi(request, { username: uniqueName('por') });
  const { user } = await apiLogin(request, member.username, member.password);
  await creditMember(request, user.id, { amount: '120.5' });
  const published = await request.post('/api/admin/reserves', { headers: await adminHeaders(request) });
  expect(published.status(), await published.text()).toBe(201);

  await signIn(page, member.username, member.password);
  const wallet = new WalletPage(page);
  await wallet.goto();
  await expect(wallet.proofOfReserves).toContainText('120.50 USDT');
  await wallet.proofOfReserves.getByRole('button', { name: 'Verify in this browser' }).click();
  await expect(wallet.proofOfReserves.getByRole('status')).toContainText('Verified here, in your browser');
  await expect(wallet.proofOfReserves.getByRole('status')).toContainText('signed by the hot wallet 0x');

  const visitor = await browser.newContext();
  const proofs = new ProofOfReservesPage(await visitor.newPage());
  await proofs.goto();
  await expect(proofs.page.getByRole('heading', { name: 'Proof of Reserves' })).toBeVisible();
  await proofs.checkSignature.click();
  await expect(proofs.verdict).toContainText('’s, of the message below');
  await visitor.close();
});
