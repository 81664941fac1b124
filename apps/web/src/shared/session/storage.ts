/**
 * Where the session lives (seed §9): the refresh token persists in
 * localStorage; the access token, the user (JSON) and the role are kept in
 * sessionStorage, so they end with the browser tab.
 */
export const STORAGE_KEYS = {
  refreshToken: 'refreshToken',
  accessToken: 'accessToken',
  user: 'user',
  role: 'role',
  /** A support view of this tab (its admin, its end, the admin page to return to): `SupportViewTab`. */
  supportView: 'supportView',
} as const;

/** What a tab in a support view keeps beside the view's access token (docs/decisions/0069-support-views-read-only.md). */
export interface SupportViewTab {
  viewedBy: string;
  endsAt: string;
  /** The admin's page to return to when the view ends. */
  returnTo: string;
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export const sessionStorageArea = {
  readRefreshToken: (): string | null => safe(() => window.localStorage.getItem(STORAGE_KEYS.refreshToken), null),
  readAccessToken: (): string | null => safe(() => window.sessionStorage.getItem(STORAGE_KEYS.accessToken), null),
  readUserJson: (): string | null => safe(() => window.sessionStorage.getItem(STORAGE_KEYS.user), null),
  readRole: (): string | null => safe(() => window.sessionStorage.getItem(STORAGE_KEYS.role), null),
  // Written by this tab only (shared/session/begin-support-view.ts); what does not parse reads as none.
  readSupportView: (): SupportViewTab | null =>
    safe(
      () => JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.supportView) || 'null') as SupportViewTab | null,
      null,
    ),

  /** Ends this tab's support view: its keys go, the admin's refresh token of localStorage stays. */
  clearTab(): void {
    safe(() => {
      for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.user, STORAGE_KEYS.role, STORAGE_KEYS.supportView])
        window.sessionStorage.removeItem(key);
    }, undefined);
  },

  writeTokens(accessToken: string, refreshToken: string): void {
    safe(() => {
      window.sessionStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
      window.localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    }, undefined);
  },

  writeUser(userJson: string, role: string): void {
    safe(() => {
      window.sessionStorage.setItem(STORAGE_KEYS.user, userJson);
      window.sessionStorage.setItem(STORAGE_KEYS.role, role);
    }, undefined);
  },

  /** Removes every session key (other preferences, such as the theme, stay). */
  clear(): void {
    safe(() => window.localStorage.removeItem(STORAGE_KEYS.refreshToken), undefined);
    sessionStorageArea.clearTab();
  },
};
