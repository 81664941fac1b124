import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { session } from '../../shared/session/instance';
import { json, renderInApp, signInForTest } from '../../test-stubbed-api';
import { AccountSettingsPage } from './AccountSettingsPage';

/** The Security tab as its owner opens it; answers the URLs the page asked for. */
function openSecurityTab(isMember: boolean): string[] {
  signInForTest({ id: 7, role: isMember ? 'member' : 'admin', isMember });
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(new URL(url, 'http://portal.test').pathname);
      if (url.includes('/withdrawal-addresses')) return json(200, { items: [] });
      return json(404, { message: 'Not in this test.', code: 'NOT_FOUND' });
    }),
  );
  renderInApp(<AccountSettingsPage />, '/account-settings?tab=security');
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('AccountSettingsPage, Security', () => {
  it('keeps a member’s withdrawal addresses', async () => {
    const asked = openSecurityTab(true);
    expect(await screen.findByRole('heading', { name: /withdrawal addresses/i })).toBeTruthy();
    expect(asked).toContain('/api/withdrawal-addresses');
  });

  it('asks nothing about withdrawal addresses for an admin who is not a member (they have none)', async () => {
    const asked = openSecurityTab(false);
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: /withdrawal addresses/i })).toBeNull();
    expect(asked).not.toContain('/api/withdrawal-addresses');
  });
});
