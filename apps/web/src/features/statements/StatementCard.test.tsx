import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '../../app/providers';
import { session } from '../../shared/session/instance';
import { signInForTest } from '../../test-stubbed-api';
import { StatementCard } from './StatementCard';
import { monthOf } from './months';

const now = new Date();
const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)));

const saved: Array<{ name: string; href: string }> = [];

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  signInForTest({
    id: 7,
    username: 'alice',
    role: 'member',
    isMember: true,
    createdAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 2)).toISOString(),
  });
  saved.length = 0;
  // jsdom makes no object URLs: the saved file is named by the link the page clicks.
  URL.createObjectURL = () => 'blob:statement';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.clear();
});

describe('StatementCard', () => {
  it("downloads last month's PDF with the session's token and saves it under the statement's name", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <AppProviders>
        <StatementCard />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual([{ name: `statement-alice-${lastMonth}.pdf`, href: 'blob:statement' }]));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/statements/${lastMonth}`);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toHaveProperty('disabled', false);
  });

  it("shows the API's refusal once and saves nothing", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ message: 'There is no statement for that month.', code: 'STATEMENT_BEFORE_JOINING' }),
            {
              status: 404,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    render(
      <AppProviders>
        <StatementCard />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findAllByText('There is no statement for that month.')).toHaveLength(1);
    expect(saved).toEqual([]);
  });
});
