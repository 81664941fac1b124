import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeModeProvider } from '../../app/theme/ThemeModeProvider';
import { session } from '../../shared/session/instance';
import { LoginPage } from './LoginPage';

// The page starts loading the signed-in route table as it sends the credentials; here the table is a stub,
// so that import ends at once instead of loading every page's module after the test has ended.
vi.mock('../../app/signed-in-routes', () => ({ SIGNED_IN_FRAME_ID: 'signed-in-frame', signedInRoutes: () => [] }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <ThemeModeProvider>
      <RouterProvider router={router} />
    </ThemeModeProvider>,
  );
  return router;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  session.restore();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('asks for both fields and sends nothing when one is empty', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderLogin();

    submit();
    expect(await screen.findByText('Username and password are required.')).toBeTruthy();
    fill('Username', 'alice');
    submit();
    expect(screen.getByText('Username and password are required.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message when the sign-in fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { message: 'Invalid username or password.', code: 'INVALID_CREDENTIALS' })),
    );
    const router = renderLogin();

    fill('Username', 'alice');
    fill('Password', 'wrong-password');
    submit();

    expect((await screen.findAllByText('Invalid username or password.')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('stores the session and goes to the dashboard on success', async () => {
    const user = {
      id: 1,
      username: 'alice',
      email: 'a@example.com',
      fullName: 'Alice',
      role: 'member',
      phone: null,
      country: null,
      status: 'active',
      isMember: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const fetch = vi.fn(async () => json(200, { user, accessToken: 'acc', refreshToken: 'ref' }));
    vi.stubGlobal('fetch', fetch);
    const router = renderLogin();

    fill('Username', 'alice');
    fill('Password', 'right-password');
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.sessionStorage.getItem('accessToken')).toBe('acc');
    expect(window.localStorage.getItem('refreshToken')).toBe('ref');
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Basic /);
  });
});
