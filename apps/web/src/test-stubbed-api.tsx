import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from './app/providers';

/** A JSON answer of the stubbed API. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
  render(
    <AppProviders>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
  return posts;
}
