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
} as const;

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
    safe(() => {
      window.localStorage.removeItem(STORAGE_KEYS.refreshToken);
      window.sessionStorage.removeItem(STORAGE_KEYS.accessToken);
      window.sessionStorage.removeItem(STORAGE_KEYS.user);
      window.sessionStorage.removeItem(STORAGE_KEYS.role);
    }, undefined);
  },
};
