import type { SessionStore } from '../session/session';
import { sessionStorageArea } from '../session/storage';

/**
 * Refreshes across the portal's tabs (docs/decisions/0010-sign-in-that-holds.md). Every tab keeps its own
 * access token in sessionStorage and shares the one refresh token of
 * localStorage (seed §9), and each refresh token is single-use. So:
 * - refreshes take turns under the Web Lock `portal-refresh`;
 * - the tab that refreshed tells the others its new pair on the
 *   BroadcastChannel `portal-session`; a signed-in tab of the same user
 *   takes it (no second refresh);
 * - a tab that got the lock after another refreshed uses that result, or at
 *   worst refreshes with the newest refresh token of localStorage.
 * The server's grace interval covers the rest (browsers without Web Locks).
 */
export interface TabSync {
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The access token another tab handed over since `staleToken` failed, waiting briefly when one is on its way. */
  adoptedSince(staleToken: string | null): Promise<string | null>;
  announce(accessToken: string, refreshToken: string, subject: string | undefined): void;
}

const LOCK = 'portal-refresh';
const CHANNEL = 'portal-session';
/** How long a tab that finds the refresh token rotated waits for the rotating tab's message. */
const HANDOVER_WAIT_MS = 500;

interface TokensMessage {
  type: 'tokens';
  accessToken: string;
  refreshToken: string;
  subject?: string;
}

function isTokensMessage(data: unknown): data is TokensMessage {
  const m = data as TokensMessage | null;
  return !!m && m.type === 'tokens' && typeof m.accessToken === 'string' && typeof m.refreshToken === 'string';
}

export function createTabSync(session: SessionStore): TabSync {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const waiting = new Set<() => void>();

  channel?.addEventListener('message', (event: MessageEvent) => {
    if (!isTokensMessage(event.data)) return;
    const { user, isAuthenticated, supportView } = session.getState();
    // A support view's tab takes no other tab's tokens: they are the admin's.
    if (
      !isAuthenticated ||
      !user ||
      supportView ||
      (event.data.subject !== undefined && event.data.subject !== String(user.id))
    )
      return;
    session.setTokens(event.data.accessToken, event.data.refreshToken);
    for (const wake of [...waiting]) wake();
  });

  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;

  return {
    async exclusive<T>(work: () => Promise<T>): Promise<T> {
      if (!locks) return work();
      return await locks.request(LOCK, work);
    },

    async adoptedSince(staleToken) {
      const current = () => {
        const token = session.accessToken;
        return token && token !== staleToken ? token : null;
      };
      if (current()) return current();
      // Another tab rotated the refresh token: its message with the access token follows.
      const stored = sessionStorageArea.readRefreshToken();
      if (!channel || !stored || stored === session.refreshToken || !session.getState().isAuthenticated) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiting.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, HANDOVER_WAIT_MS);
        waiting.add(wake);
      });
      return current();
    },

    announce(accessToken, refreshToken, subject) {
      channel?.postMessage({ type: 'tokens', accessToken, refreshToken, subject } satisfies TokensMessage);
    },
  };
}
