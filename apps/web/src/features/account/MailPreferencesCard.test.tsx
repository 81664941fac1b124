import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MailPreferences } from '@portal/contract';
import { session } from '../../shared/session/instance';
import { json, renderInApp, signInForTest } from '../../test-stubbed-api';
import { MailPreferencesCard, SECURITY_ALWAYS_SENT } from './MailPreferencesCard';

/** The card against a stubbed API that keeps what is saved; answers the bodies of the PUTs, in order. */
function open(start: MailPreferences, role: 'member' | 'admin' = 'member'): MailPreferences[] {
  signInForTest({ id: 7, role, isMember: true });
  let saved = start;
  const puts: MailPreferences[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        saved = JSON.parse(String(init.body)) as MailPreferences;
        puts.push(saved);
      }
      return json(200, saved);
    }),
  );
  renderInApp(<MailPreferencesCard />);
  return puts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

// By label, not by role: a role query works out every element's accessible name, seconds on a busy machine with
// a switch per kind; the role is checked once below.
const switchOf = (name: string) => screen.getByLabelText<HTMLInputElement>(name);

describe('MailPreferencesCard', () => {
  it('shows a switch per kind, the security kinds on and locked, and saves each change at once', async () => {
    const puts = open({ off: ['rank_reached'], digest: false });
    await screen.findByLabelText('Transfer received');
    expect(switchOf('Transfer received').getAttribute('role')).toBe('switch');
    expect(switchOf('Rank reached').checked).toBe(false);
    expect(switchOf('Transfer received').checked).toBe(true);
    expect(switchOf('Password changed').checked).toBe(true);
    expect(switchOf('Password changed').disabled).toBe(true);
    expect(screen.getByText(SECURITY_ALWAYS_SENT)).toBeTruthy();

    fireEvent.click(switchOf('Transfer received'));
    await waitFor(() => expect(puts).toEqual([{ off: ['rank_reached', 'transfer_received'], digest: false }]));
    expect(await screen.findByText('Mails about “Transfer received” are off.')).toBeTruthy();
    await waitFor(() => expect(switchOf('Transfer received').checked).toBe(false));

    await waitFor(() => expect(switchOf('A daily digest instead of one mail each').disabled).toBe(false));
    fireEvent.click(switchOf('A daily digest instead of one mail each'));
    await waitFor(() => expect(puts.at(-1)).toEqual({ off: ['rank_reached', 'transfer_received'], digest: true }));
    expect(await screen.findByText('You will get one mail a day.')).toBeTruthy();
    // Two saves and a card of switches rendered in jsdom: more than the suite's 20 s on a machine as busy as CI's.
  }, 60_000);

  it('offers the admins’ kinds only to an admin', async () => {
    open({ off: [], digest: false });
    await screen.findByLabelText('Transfer received');
    expect(screen.queryByLabelText('Withdrawal waiting for approval')).toBeNull();
    expect(screen.queryByLabelText('Payout failed')).toBeNull();
    cleanup();
    open({ off: ['payout_failed'], digest: false }, 'admin');
    await screen.findByLabelText('Withdrawal waiting for approval');
    expect(switchOf('Withdrawal waiting for approval').checked).toBe(true);
    expect(switchOf('Payout failed').checked).toBe(false);
  }, 60_000);
});
