import { endpoints, type LoginResponse, type TokenPair } from '@portal/contract';
import type { SessionStore } from '../session/session';
import { sessionStorageArea } from '../session/storage';
import type { RawResponse, SendOptions } from './client';
import { ApiError, REFRESH_EXPIRED_MESSAGE, SUPPORT_VIEW_ENDED_MESSAGE } from './errors';
import { createTabSync, type TabSync } from './tab-sync';

/**
 * The client's refresh (seed §4, §8; docs/decisions/0010-sign-in-that-holds.md), which only a signed-in tab
 * needs: on a 401, ONE refresh shared by every request waiting on it; when it
 * fails, the session ends ('Refresh token expired'). Across tabs (`crossTab`),
 * refreshes take turns and hand their tokens over (`tab-sync.ts`). The client
 * (`client.ts`) loads this with the signed-in pages (`app/signed-in-routes.tsx`)
 * or the first time it needs it, so the sign-in page does not carry it
 * (docs/decisions/0023-a-light-sign-in-page.md, step 10).
 */
export interface Refresh {
  /** The fresh access token after `staleToken` was refused: one refresh for everyone. */
  freshToken(staleToken: string): Promise<string>;
  /** Signs a tab in from the refresh token alone (see `client.resume`). */
  resume(): Promise<boolean>;
}

export interface RefreshOptions {
  session: SessionStore;
  /** The client's one HTTP exchange (never refreshes). */
  send: (path: string, opts: SendOptions, accessToken: string | null) => Promise<RawResponse>;
  crossTab?: boolean;
}

/** The `sub` claim of a JWT access token, or undefined for anything else. */
function subjectOf(token: string): string | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const sub = claims && typeof claims === 'object' ? (claims as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}

export function createRefresh({ session, send, crossTab }: RefreshOptions): Refresh {
  /** The refresh in progress, shared by every request that got a 401. */
  let refreshing: Promise<string> | null = null;
  const tabs: TabSync | null = crossTab ? createTabSync(session) : null;

  /** Ends the session after a failed refresh: storage cleared, listeners told (toast, query cache, navigation). */
  function expire(): never {
    const message = session.getState().supportView ? SUPPORT_VIEW_ENDED_MESSAGE : REFRESH_EXPIRED_MESSAGE;
    session.clear(message);
    throw new ApiError(401, 'SESSION_EXPIRED', message);
  }

  async function runRefresh(staleToken: string | null): Promise<string> {
    if (!tabs) return refreshOnce(session.refreshToken);
    // One tab at a time; a tab that waited may find the others' result ready.
    return tabs.exclusive(async () => {
      const adopted = await tabs.adoptedSince(staleToken);
      if (adopted) return adopted;
      return refreshOnce(sessionStorageArea.readRefreshToken() ?? session.refreshToken);
    });
  }

  async function refreshOnce(refreshToken: string | null): Promise<string> {
    if (!refreshToken) expire();
    let response: RawResponse;
    try {
      response = await send(
        endpoints.auth.refresh.path,
        { method: endpoints.auth.refresh.method, body: { refreshToken } },
        session.accessToken,
      );
    } catch {
      expire();
    }
    const pair = response.data as Partial<TokenPair> | undefined;
    if (response.status !== 200 || !pair?.accessToken || !pair.refreshToken) expire();
    // Another account signed in in another tab meanwhile: this tab's sign-in is over.
    const user = session.getState().user;
    const subject = subjectOf(pair.accessToken);
    if (user && subject !== undefined && subject !== String(user.id)) expire();
    session.setTokens(pair.accessToken, pair.refreshToken);
    tabs?.announce(pair.accessToken, pair.refreshToken, subject);
    return pair.accessToken;
  }

  function freshToken(staleToken: string): Promise<string> {
    // A support view never refreshes (the refresh token of localStorage is the admin's): its 401 ends the view.
    if (session.getState().supportView) expire();
    if (refreshing) return refreshing;
    const current = session.accessToken;
    // Another request already refreshed while this one was in flight.
    if (current && current !== staleToken) return Promise.resolve(current);
    refreshing = runRefresh(staleToken).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function resume(): Promise<boolean> {
    try {
      const accessToken = await freshToken('');
      const response = await send(endpoints.me.profile.path, {}, accessToken);
      if (response.status !== 200) return false;
      const refreshToken = session.refreshToken;
      if (!refreshToken) return false;
      session.signIn({
        user: response.data as LoginResponse['user'],
        accessToken: session.accessToken ?? accessToken,
        refreshToken,
      });
      return true;
    } catch {
      return false;
    }
  }

  return { freshToken, resume };
}
