import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { User } from '@portal/contract';
import { AppProviders } from './app/providers';
import { session } from './shared/session/instance';

/** A JSON answer of the stubbed API. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Signs a test account in (the session the API client sends): an admin outside the network unless `user` says otherwise. */
export function signInForTest(user: Partial<User> = {}) {
  session.signIn({
    accessToken: 'tok-1',
    refreshToken: 'ref-1',
    user: {
      id: 1,
      username: 'olivia',
      email: 'olivia@example.com',
      fullName: 'Olivia Operator',
      role: 'admin',
      phone: null,
      country: null,
      status: 'active',
      isMember: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      ...user,
    },
  });
}

/** `ui` with the app's providers, a query client that does not retry, and a router at `path`. */
export function renderInApp(ui: ReactNode, path = '/') {
  return render(
    <AppProviders>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
}

/**
 * A component rendered against a stubbed `fetch` (unstubbed by the test
 * file's `vi.unstubAllGlobals()`), with the app's providers and a query
 * client that does not retry: `read` answers each GET by its URL, `answer`
 * each POST by its URL and JSON body. Returns the POSTs sent, in order.
 */
export function renderWithStubbedApi(
  ui: ReactNode,
  read: (url: string) => Response,
  answer: (url: string, body: unknown) => Response,
) {
  const posts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if ((init?.method ?? 'GET') === 'POST') {
        const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
        posts.push({ url, body });
        return answer(url, body);
      }
      return read(url);
    }),
  );
  renderInApp(ui);
  return posts;
}
