import { expect, test } from '@playwright/test';
import { encodeFunctionData, erc20Abi, parseUnits, toHex } from 'viem';
import { AddressScreeningPage } from './pages/AddressScreeningPage';
import { AdminDepositHistoryPage } from './pages/AdminDepositHistoryPage';
import { apiLogin, approverAdmin, registerViaApi, signInApprover } from './support/api';
import { chainRpc, chainSend } from './support/chain';
import { axeSerious } from './support/tour';

/**
 * Address screening as an admin lives it (docs/decisions/0036-address-screening.md):
 * an address is listed on /address-screening, a CSV import answers line by
 * line, a deposit from the listed address is held on All Deposits until the
 * admin credits it, once, through the confirmation. The sender is an address
 * of this test's own (impersonated on the embedded anvil), so the deposits of
 * other files are never held.
 */

// axe-core is injected inline, which the portal's content-security policy refuses otherwise.
test.use({ bypassCSP: true });

test('an admin lists an address and imports a CSV; a deposit from it is held, then credited once', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const sender = toHex(crypto.getRandomValues(new Uint8Array(20)));
  const approver = await approverAdmin(request);
  await signInApprover(page, approver);

  const screening = new AddressScreeningPage(page);
  await screening.goto();
  await screening.add(sender.toUpperCase().replace('0X', '0x'), 'Reported in a phishing campaign');
  await expect(page.getByText(`${sender} is on the screening list.`)).toBeVisible();
  await expect(screening.table).toContainText(sender);
  await expect(screening.table).toContainText('Reported in a phishing campaign');

  const other = toHex(crypto.getRandomValues(new Uint8Array(20)));
  await screening.importCsv(['address,reason', `${other},Vendor list`, '0x1234,short', `${sender},Again`].join('\n'));
  await expect(screening.importResult).toContainText('1 added, 1 listed already, 1 not imported.');
  await expect(screening.importResult).toContainText('Address must be 0x followed by 40 hexadecimal characters');
  expect(await axeSerious(page)).toEqual([]);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(screening.table).toContainText(other);

  // Removing asks a reason in the confirmation.
  await screening.table.getByRole('button', { name: `Remove ${other}` }).click();
  const removal = page.getByRole('dialog', { name: 'Remove from the screening list' });
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(removal).toContainText('Reason must be at least 3 characters');
  await removal.getByLabel('Reason for removing it').fill('Listed by mistake');
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${other} is off the screening list.`)).toBeVisible();
  await expect(screening.table).not.toContainText(other);

  // A member's deposit from the listed sender: tokens and gas to it, then its own transfer.
  const member = await registerViaApi(request, { fullName: 'Held Deposit' });
  const session = await apiLogin(request, member.username, member.password);
  const info = (await (
    await request.get('/api/deposits/address', { headers: { authorization: `Bearer ${session.accessToken}` } })
  ).json()) as { address: `0x${string}`; token: { address: `0x${string}` } };
  await chainSend(sender, '20');
  await chainRpc('anvil_setBalance', [sender, '0xde0b6b3a7640000']);
  await chainRpc('anvil_impersonateAccount', [sender]);
  await chainRpc('eth_sendTransaction', [
    {
      from: sender,
      to: info.token.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [info.address, parseUnits('15', 18)],
      }),
    },
  ]);
  await chainRpc('anvil_stopImpersonatingAccount', [sender]);

  const deposits = new AdminDepositHistoryPage(page);
  await deposits.goto(`?member=${member.username}`);
  await expect(deposits.table).toContainText('Held for review', { timeout: 60_000 });
  await expect(deposits.table).toContainText('Sender on the screening list: Reported in a phishing campaign');
  expect(await axeSerious(page)).toEqual([]);
  await deposits.table.getByRole('button', { name: /^Credit deposit/ }).click();
  const confirmation = page.getByTestId('held-deposit-decision');
  await expect(confirmation).toContainText('15.00');
  await page.getByRole('dialog').getByRole('button', { name: 'Credit' }).click();
  await expect(page.getByText(`Credited 15.00 USDT to ${member.username}'s deposit wallet.`)).toBeVisible();
  await expect(deposits.table).toContainText('Credited by');
  await expect(deposits.table.getByRole('button', { name: /^Credit deposit/ })).toHaveCount(0);
});
