import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { endpoints, type SupportView } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { session } from '../../shared/session/instance';
import { beginSupportView } from '../../shared/session/begin-support-view';
import { json, renderInApp } from '../../test-stubbed-api';
import { SupportViewBanner } from './SupportViewBanner';

const VIEW: SupportView = {
  accessToken: 'view-token',
  viewedBy: 'alice',
  endsAt: '2026-11-30T00:30:00.000Z',
  user: {
    id: 7,
    username: 'vera',
    email: 'vera@example.com',
    fullName: 'Vera Viewed',
    role: 'member',
    phone: null,
    country: null,
    status: 'active',
    isMember: true,
    createdAt: '2026-11-01T00:00:00.000Z',
  },
};

/** A tab in a support view, the admin's refresh token beside it in localStorage; returns what was asked, with its token. */
function viewTab(answer: (method: string, path: string) => Response): string[] {
  window.localStorage.setItem('refreshToken', 'admin-refresh');
  beginSupportView(VIEW, '/Members/7');
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test').pathname;
      const method = init?.method ?? 'GET';
      asked.push(`${method} ${path} ${(init?.headers as Record<string, string> | undefined)?.Authorization ?? ''}`);
      return answer(method, path);
    }),
  );
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
  window.localStorage.clear();
});

describe('a support view', () => {
  it("says whose pages these are; End view ends it on the server and returns to the admin's page, their sign-in kept", async () => {
    const asked = viewTab(() => new Response(null, { status: 204 }));
    renderInApp(
      <Routes>
        <Route path="/dashboard" element={<SupportViewBanner />} />
        <Route path="/Members/7" element={<p>The admin's member page</p>} />
      </Routes>,
      '/dashboard',
    );
    const banner = screen.getByTestId('support-view-banner').textContent ?? '';
    expect(banner).toMatch(/Viewing as vera, read-only/);
    expect(banner).toMatch(/alice/);

    fireEvent.click(screen.getByRole('button', { name: 'End view' }));
    await screen.findByText("The admin's member page");
    expect(asked).toEqual(['POST /api/me/support-view/end Bearer view-token']);
    // Only the view ended: the admin's refresh token is where it was, for their sign-in to resume.
    expect(window.localStorage.getItem('refreshToken')).toBe('admin-refresh');
    expect(window.sessionStorage.getItem('accessToken')).toBeNull();
    expect(session.getState()).toMatchObject({ isAuthenticated: false, refreshToken: 'admin-refresh' });
  });

  it("never refreshes with the admin's token: a 401 ends the view and goes back to the admin's page", async () => {
    const asked = viewTab(() => json(401, { message: 'Your session has ended.', code: 'SESSION_ENDED' }));
    const ended = vi.fn();
    const stop = session.onLogout(ended);
    await expect(api.call(endpoints.wallets.list)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    stop();
    expect(asked).toEqual(['GET /api/wallets Bearer view-token']);
    await waitFor(() => expect(ended).toHaveBeenCalledWith('The support view has ended.', '/Members/7'));
    expect(window.localStorage.getItem('refreshToken')).toBe('admin-refresh');
  });

  it('shows nothing outside a view', () => {
    renderInApp(<SupportViewBanner />);
    expect(screen.queryByTestId('support-view-banner')).toBeNull();
  });
});
