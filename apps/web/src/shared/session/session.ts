import type { LoginResponse, User } from '@portal/contract';
import { sessionStorageArea as storage, type SupportViewTab } from './storage';

/** The role a user without one gets (seed §3). */
export const DEFAULT_ROLE = 'Member';
/** The guard compares the role to this, lowercase (seed §6). */
export const ADMIN_ROLE = 'admin';

export interface SessionState {
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
  role: string;
  isAuthenticated: boolean;
  /** This tab shows a member's pages to an admin, read-only (`beginSupportView`); absent otherwise. */
  supportView?: SupportViewTab | null;
}

/** `returnTo`: a support view ended, and the tab goes back to the admin's page (their own sign-in resumes). */
export type LogoutListener = (reason: string | undefined, returnTo?: string) => void;

const LOGGED_OUT: SessionState = Object.freeze({
  user: null,
  accessToken: null,
  refreshToken: null,
  role: DEFAULT_ROLE,
  isAuthenticated: false,
});

export function roleOf(user: Pick<User, 'role'> | null | undefined): string {
  return user?.role ? String(user.role) : DEFAULT_ROLE;
}

function parseUser(json: string | null): User | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as User) : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in session: storage is the source of truth, this object mirrors
 * it for React (subscribe / getState, usable with useSyncExternalStore).
 */
export class SessionStore {
  private state: SessionState = LOGGED_OUT;
  private readonly listeners = new Set<() => void>();
  private readonly logoutListeners = new Set<LogoutListener>();

  constructor() {
    this.restore();
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called with the reason ('Refresh token expired') or undefined for a plain logout. */
  onLogout(listener: LogoutListener): () => void {
    this.logoutListeners.add(listener);
    return () => this.logoutListeners.delete(listener);
  }

  get accessToken(): string | null {
    return this.state.accessToken;
  }

  get refreshToken(): string | null {
    return this.state.refreshToken;
  }

  get isAdmin(): boolean {
    return this.state.isAuthenticated && this.state.role === ADMIN_ROLE;
  }

  /**
   * Restores the session from storage (on page load and on every navigation):
   * authenticated when an access token and a user are in sessionStorage.
   */
  restore(): SessionState {
    const accessToken = storage.readAccessToken();
    const userJson = storage.readUserJson();
    const supportView = storage.readSupportView();
    // A support view renews nothing: the refresh token of localStorage is the admin's own.
    const refreshToken = supportView ? null : storage.readRefreshToken();
    const user = accessToken ? parseUser(userJson) : null;
    const next: SessionState =
      accessToken && user
        ? {
            user,
            accessToken,
            refreshToken,
            role: storage.readRole() || roleOf(user),
            isAuthenticated: true,
            supportView,
          }
        : { ...LOGGED_OUT, refreshToken };
    this.set(next);
    return this.state;
  }

  /** A successful login: store everything and become authenticated. */
  signIn(response: LoginResponse): void {
    const role = roleOf(response.user);
    // A sign-in of one's own replaces whatever support view the tab was in.
    storage.clearTab();
    storage.writeTokens(response.accessToken, response.refreshToken);
    storage.writeUser(JSON.stringify(response.user), role);
    this.set({
      user: response.user,
      accessToken: response.accessToken,
      refreshToken: response.refreshToken,
      role,
      isAuthenticated: true,
    });
  }

  /** Tokens replaced after a refresh (the refresh token rotates). */
  setTokens(accessToken: string, refreshToken: string): void {
    storage.writeTokens(accessToken, refreshToken);
    this.set({ ...this.state, accessToken, refreshToken });
  }

  /** The user changed (profile saved): keep storage and state in step. */
  setUser(user: User): void {
    if (!this.state.isAuthenticated) return;
    const role = roleOf(user);
    storage.writeUser(JSON.stringify(user), role);
    this.set({ ...this.state, user, role });
  }

  /** Clears all session data and tells the listeners (query cache, toasts, navigation). */
  clear(reason?: string): void {
    const view = this.state.supportView ?? storage.readSupportView();
    // A support view ends alone: the admin's sign-in (the refresh token of localStorage) resumes at `returnTo`.
    if (view) storage.clearTab();
    else storage.clear();
    this.set({ ...LOGGED_OUT, refreshToken: view ? storage.readRefreshToken() : null });
    for (const listener of [...this.logoutListeners]) listener(reason, view?.returnTo);
  }

  private set(next: SessionState): void {
    const prev = this.state;
    if (
      prev.accessToken === next.accessToken &&
      prev.refreshToken === next.refreshToken &&
      prev.role === next.role &&
      prev.isAuthenticated === next.isAuthenticated &&
      (prev.user === next.user || JSON.stringify(prev.user) === JSON.stringify(next.user))
    ) {
      return;
    }
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}
