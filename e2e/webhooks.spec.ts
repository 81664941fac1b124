import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiLogin, creditMember, registerViaApi, signInAdmin, uniqueName } from './support/api';
import { axeSerious, expectNoSidewaysScroll, watch } from './support/tour';

/**
 * Webhooks as an operator lives them (docs/decisions/0066-webhooks.md), on a phone in dark mode: an endpoint
 * added on /admin-webhooks shows its secret once; a transfer reaches a real receiver started here, signed with
 * that secret; the endpoint's delivery log shows it delivered with the answer.
 */

// axe-core is injected inline, which the portal's content-security policy refuses otherwise.
test.use({ bypassCSP: true, colorScheme: 'dark', viewport: { width: 360, height: 740 } });

test('an admin adds an endpoint, copies its secret, and a transfer arrives signed; the log shows it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  try {
    const watcher = watch(page);
    await signInAdmin(page);
    // The sign-in's first step answers 401 asking for the code: not the page's.
    watcher.take();
    await page.goto('/admin-webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByLabel('Transfer received').check();
    await dialog.getByRole('button', { name: 'Add' }).click();
    const shown = page.getByRole('dialog', { name: 'Endpoint added: copy its secret now' });
    const secret = await shown.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await axeSerious(page)).toEqual([]);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Webhook endpoints' })).toContainText(url);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('endpoints-360-dark.png'), fullPage: true });

    const receiver = await registerViaApi(request, { username: uniqueName('hookto') });
    const sender = await registerViaApi(request, { username: uniqueName('hookfrom') });
    const from = await apiLogin(request, sender.username, sender.password);
    await creditMember(request, from.user.id, { amount: '30' });
    const sent = await request.post('/api/transfers', {
      headers: { authorization: `Bearer ${from.accessToken}` },
      data: { toUsername: receiver.username, amount: '7' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    // The delivery job runs every few seconds.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [hit] = received;
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signed = `${String(hit!.headers['webhook-id'])}.${String(hit!.headers['webhook-timestamp'])}.${hit!.body}`;
    expect(hit!.headers['webhook-signature']).toBe(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`);
    expect(JSON.parse(hit!.body)).toMatchObject({ type: 'transfer_received', data: { username: receiver.username } });

    await page.getByRole('button', { name: `Deliveries of ${url}` }).click();
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    await expect(log).toContainText('Delivered');
    await expect(log).toContainText('HTTP 200');
    await expectNoSidewaysScroll(page);
    expect(await axeSerious(page)).toEqual([]);
    await page.getByRole('button', { name: /^Attempts of evt_/ }).click();
    await expect(page.getByRole('list', { name: /^Attempts of evt_/ })).toContainText('HTTP 200');
    await page.screenshot({ path: test.info().outputPath('delivery-log-360-dark.png'), fullPage: true });
    expect(watcher.take()).toEqual([]);
  } finally {
    server.close();
    server.closeAllConnections();
  }
});
