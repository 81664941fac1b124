import { GUEST_PATHS } from './guest-paths';

/**
 * Where to go after sign-in (docs/decisions/0010-sign-in-that-holds.md): the page the user asked for, carried
 * as `?next=` from the guard through `/` to `/login`. Only a path of this
 * origin is accepted: it starts with one `/` (not `//` or `/\`, which browsers
 * read as another host), has no scheme, no control character, and resolves
 * to this origin. Anything else, and the guest pages, lead to the dashboard.
 */
export const AFTER_SIGN_IN = '/dashboard';

export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/\p{Cc}/u.test(next) || next.includes('\\')) return null;
  try {
    const base = 'https://portal.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    if (url.pathname === '/' || GUEST_PATHS.includes(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/login?next=…` for the asked path, or plain `/login`. */
export function withNext(path: string, next: string | null | undefined): string {
  const safe = safeNextPath(next);
  return safe ? `${path}?next=${encodeURIComponent(safe)}` : path;
}

/**
 * The guard keeps the asked page in sessionStorage (this tab only), so that
 * the original's addresses stay as they were (`/` then plain `/login`); the
 * sign-in takes it once. Not session data: visiting /login leaves it.
 */
const NEXT_KEY = 'nextPath';

export function rememberNextPath(path: string): void {
  const safe = safeNextPath(path);
  try {
    if (safe) window.sessionStorage.setItem(NEXT_KEY, safe);
    else window.sessionStorage.removeItem(NEXT_KEY);
  } catch {
    // Storage refused: sign-in leads to the dashboard.
  }
}

/** The remembered page (checked again), removed as it is read. */
export function takeNextPath(): string | null {
  try {
    const value = window.sessionStorage.getItem(NEXT_KEY);
    window.sessionStorage.removeItem(NEXT_KEY);
    return safeNextPath(value);
  } catch {
    return null;
  }
}
