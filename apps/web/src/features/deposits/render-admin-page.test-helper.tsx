import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../app/providers';

/** A JSON answer of the stubbed API. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * An admin chain page of this folder rendered at `path` against a stubbed
 * `fetch` (unstubbed by the test file's `vi.unstubAllGlobals()`), with the
 * app's providers and a query client that does not retry.
 */
export function renderAdminPage(
  path: string,
  page: ReactNode,
  fetch: (url: string, init?: RequestInit) => Promise<Response>,
) {
  const stub = vi.fn(fetch);
  vi.stubGlobal('fetch', stub);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
  return stub;
}
