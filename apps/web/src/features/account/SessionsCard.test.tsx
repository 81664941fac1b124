import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountSessions } from '@portal/contract';
import { session } from '../../shared/session/instance';
import { json, renderInApp, signInForTest } from '../../test-stubbed-api';
import { SessionsCard } from './SessionsCard';

const at = '2026-11-29T10:00:00.000Z';
const sessionOf = (id: string, device: string, current: boolean) => ({
  id,
  signedInAt: at,
  lastActiveAt: at,
  ip: '203.0.113.5',
  device,
  current,
  endedAt: null,
});

/** The card against a stubbed API that forgets a session once it is signed out; returns what was asked, method and path. */
function open(): string[] {
  signInForTest({ id: 7, username: 'olga', role: 'member', isMember: true });
  let inForce = [
    sessionOf('11111111-1111-4111-8111-111111111111', 'Chrome on Windows', true),
    sessionOf('22222222-2222-4222-8222-222222222222', 'Safari on iPhone', false),
    sessionOf('33333333-3333-4333-8333-333333333333', 'Firefox on Linux', false),
  ];
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test');
      const method = init?.method ?? 'GET';
      asked.push(`${method} ${url.pathname}`);
      if (method === 'DELETE') {
        inForce = inForce.filter((s) => !url.pathname.endsWith(s.id));
        return new Response(null, { status: 204 });
      }
      if (method === 'POST') {
        const ended = inForce.length - 1;
        inForce = inForce.filter((s) => s.current);
        return json(200, { ended });
      }
      const body: AccountSessions = {
        inForce,
        signIns: inForce,
        changes: [{ kind: 'password_reset', at, device: null, ip: null }],
      };
      return json(200, body);
    }),
  );
  renderInApp(<SessionsCard />);
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('SessionsCard', () => {
  it('signs out one other session; this device has no Sign out', async () => {
    const asked = open();
    const table = await screen.findByRole('table', { name: 'Sessions in force' });
    const mine = (await within(table).findByText('Chrome on Windows')).closest('tr')!;
    expect(within(mine).getByText('This device')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Sign out' })).toBeNull();
    const phone = within(table).getByText('Safari on iPhone').closest('tr')!;
    fireEvent.click(within(phone).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(table).queryByText('Safari on iPhone')).toBeNull());
    expect(asked).toContain('DELETE /api/me/sessions/22222222-2222-4222-8222-222222222222');
    const changes = screen.getByRole('table', { name: 'Security changes' });
    expect(within(changes).getByText('Password reset by a mailed link')).toBeTruthy();
    expect(within(changes).getByText('A password reset link')).toBeTruthy();
  });

  it('signs out everywhere else after a confirmation that says how many', async () => {
    const asked = open();
    const table = await screen.findByRole('table', { name: 'Sessions in force' });
    await within(table).findByText('Firefox on Linux');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('2 other sessions will be signed out at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(within(table).queryByText('Firefox on Linux')).toBeNull());
    expect(asked).toContain('POST /api/me/sessions/end-others');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' }).hasAttribute('disabled')).toBe(true);
  });
});
