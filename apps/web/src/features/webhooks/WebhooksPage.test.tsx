import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@portal/contract';
import { session } from '../../shared/session/instance';
import { json, renderInApp, signInForTest } from '../../test-stubbed-api';
import { WebhooksPage } from './WebhooksPage';

const ENDPOINT: WebhookEndpoint = {
  id: 3,
  url: 'https://hooks.example.com/portal',
  description: 'Accounting',
  kinds: ['deposit_credited', 'withdrawal_paid'],
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  failingSince: '2026-11-28T10:00:00.000Z',
  createdBy: 'olivia',
  createdAt: '2026-11-20T09:00:00.000Z',
  waiting: 1,
};

const DELIVERY: WebhookDelivery = {
  id: 41,
  endpointId: 3,
  eventId: 'evt_977',
  kind: 'deposit_credited',
  status: 'failed',
  attempts: 2,
  nextAttemptAt: '2026-11-28T10:03:00.000Z',
  lastStatus: 500,
  lastBody: 'upstream down',
  lastError: null,
  lastAttemptAt: '2026-11-28T10:01:00.000Z',
  deliveredAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  log: [
    { at: '2026-11-28T10:00:00.000Z', status: 500, body: 'upstream down', error: null, durationMs: 31 },
    { at: '2026-11-28T10:01:00.000Z', status: 500, body: 'upstream down', error: null, durationMs: 29 },
  ],
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

/** The page on a stubbed API at `path`: answers the lists, a create with its secret, a redelivery; records the writes. */
function open(path: string) {
  signInForTest();
  const writes: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        writes.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.includes('/redeliver')) return json(200, { ...DELIVERY, status: 'pending' });
        return json(201, { endpoint: { ...ENDPOINT, id: 4 }, secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' });
      }
      if (url.includes('/admin/webhooks/3/deliveries')) return json(200, page([DELIVERY]));
      if (url.includes('/admin/webhooks')) return json(200, page([ENDPOINT]));
      return json(404, { message: 'Not in this test.', code: 'NOT_FOUND' });
    }),
  );
  renderInApp(<WebhooksPage />, path);
  return writes;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('WebhooksPage', () => {
  it('lists the endpoints, adds one and shows its secret once, with a copy button', async () => {
    const writes = open('/admin-webhooks');
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    const row = (await within(table).findByText('https://hooks.example.com/portal')).closest('tr')!;
    expect(within(row).getByText('Failing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    fireEvent.change(within(dialog).getByLabelText(/URL/), { target: { value: 'https://erp.example.com/in' } });
    fireEvent.click(within(dialog).getByLabelText('Withdrawal paid'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const shown = await screen.findByRole('dialog', { name: 'Endpoint added: copy its secret now' });
    expect(within(shown).getByTestId<HTMLInputElement>('webhook-secret').value).toBe('whsec_c2VjcmV0LXNob3duLW9uY2U=');
    expect(within(shown).getByRole('button', { name: 'Copy signing secret' })).toBeTruthy();
    expect(within(shown).getByText(/only time the secret is shown/)).toBeTruthy();
    expect(writes.map((w) => [w.method, new URL(w.url, 'http://portal.test').pathname])).toEqual([
      ['POST', '/api/admin/webhooks'],
    ]);
    expect(writes.map((w) => w.body)).toEqual([
      {
        url: 'https://erp.example.com/in',
        kinds: ['deposit_credited', 'withdrawal_paid'],
        description: '',
      },
    ]);
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('whsec_c2VjcmV0LXNob3duLW9uY2U=')).toBeNull();
  });

  it('shows an endpoint’s delivery log with the answers and redelivers after a confirmation', async () => {
    const writes = open('/admin-webhooks?endpoint=3');
    const table = await screen.findByRole('table', { name: 'Webhook deliveries' });
    const row = (await within(table).findByText('evt_977')).closest('tr')!;
    expect(within(row).getByText('Failed, retrying')).toBeTruthy();
    expect(within(row).getByText('HTTP 500')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Redeliver evt_977' }));
    const confirm = await screen.findByRole('dialog', { name: 'Redeliver' });
    expect(writes).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send again' }));
    await screen.findByText('Sent again now: the log shows the answer in a moment.');
    expect(writes.map((w) => [w.method, new URL(w.url, 'http://portal.test').pathname])).toEqual([
      ['POST', '/api/admin/webhooks/deliveries/41/redeliver'],
    ]);
  });
});
