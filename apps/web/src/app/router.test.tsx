import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { STYLE_GUIDE_PAGES } from '../features/style-guide/routes';
import { GUEST_PATHS } from '../shared/guest-paths';
import { isStyleGuidePath, STYLE_GUIDE_PATHS } from '../shared/style-guide-paths';
import { STORAGE_KEYS } from '../shared/session/storage';
import { buildRoutes, discoverSignedInRoutes } from './router';
import { APP_ROUTES } from './routes';

const USER = {
  id: 3,
  username: 'bob',
  email: 'b@example.com',
  fullName: 'Bob',
  phone: null,
  country: null,
  status: 'active',
  isMember: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function signedInAs(role: 'admin' | 'member') {
  window.sessionStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
  window.sessionStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...USER, role }));
  window.sessionStorage.setItem(STORAGE_KEYS.role, role);
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'ref');
}

/** The app's router in memory: the entry's routes, the signed-in ones added on demand. */
const appRouter = (path: string) =>
  createMemoryRouter(buildRoutes(), { initialEntries: [path], patchRoutesOnNavigation: discoverSignedInRoutes });

/** Until the router has loaded and finished navigating (a page's first import is transformed here, hence the timeout). */
async function settled(router: ReturnType<typeof appRouter>) {
  await vi.waitFor(
    () => {
      if (!router.state.initialized || router.state.navigation.state !== 'idle') throw new Error('still navigating');
    },
    { timeout: 20_000 },
  );
}

/** Every page path the router knows so far (the 404 left out). */
const pagePaths = (router: ReturnType<typeof appRouter>) =>
  router.routes.flatMap(function paths(route): string[] {
    return [...(route.path && route.path !== '*' ? [route.path] : []), ...(route.children ?? []).flatMap(paths)];
  });

/**
 * Opens `path` in a memory router (loaders only, nothing rendered) and returns where it ended up.
 * Pages are lazy routes: the first visit of each imports (and here transforms) its module, hence the timeout.
 */
async function land(path: string) {
  const router = appRouter(path);
  await settled(router);
  const where = router.state.location.pathname;
  router.dispose();
  return where;
}

// A test may wait out one `settled` (20 s) for each page it opens first: a loaded machine transforms them slowly.
vi.setConfig({ testTimeout: 60_000 });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('routes and guard', () => {
  it('sends / to /login', async () => {
    expect(await land('/')).toBe('/login');
  });

  it('sends a signed-out visitor of a signed-in page to / and on to /login', async () => {
    expect(await land('/dashboard')).toBe('/login');
    expect(await land('/account-settings')).toBe('/login');
    expect(await land('/Users')).toBe('/login');
  });

  it('opens a public page to anyone, signed in or not', async () => {
    expect(await land('/proof-of-reserves')).toBe('/proof-of-reserves');
    signedInAs('member');
    expect(await land('/proof-of-reserves')).toBe('/proof-of-reserves');
  });

  it('sends a member away from admin pages to /dashboard', async () => {
    signedInAs('member');
    expect(await land('/Users')).toBe('/dashboard');
    expect(await land('/admin/settings')).toBe('/dashboard');
    expect(await land('/wallet')).toBe('/wallet');
  });

  it('lets an admin in', async () => {
    signedInAs('admin');
    expect(await land('/Users')).toBe('/Users');
    expect(await land('/transfer-Receiver-history')).toBe('/transfer-Receiver-history');
  });

  it('matches paths case-sensitively: /users is not /Users', async () => {
    signedInAs('admin');
    const router = appRouter('/users');
    await vi.waitFor(
      () => {
        if (!router.state.initialized) throw new Error('still navigating');
      },
      { timeout: 20_000 },
    );
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    router.dispose();
  });

  it('visiting /login ends the session and tells the server', async () => {
    signedInAs('member');
    expect(await land('/login')).toBe('/login');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ refreshToken: 'ref' }) }),
    );
  });
});

describe('the routes of the entry and the signed-in ones', () => {
  it('knows only the guest pages until a path needs more, so the sign-in page loads no other table', async () => {
    expect(authRoutes.map((r) => r.path)).toEqual(GUEST_PATHS);
    expect(APP_ROUTES.filter((r) => r.layout === 'blank')).toEqual(authRoutes);
    for (const path of ['/', ...GUEST_PATHS])
      expect(matchRoutes(buildRoutes(), path)?.at(-1)?.route.path).not.toBe('*');
    expect(matchRoutes(buildRoutes(), '/dashboard')?.at(-1)?.route.path).toBe('*');

    const router = appRouter('/login');
    await vi.waitFor(() => {
      if (!router.state.initialized) throw new Error('still navigating');
    });
    expect(pagePaths(router)).toEqual(GUEST_PATHS);
    router.dispose();
  });

  it('adds every signed-in page once, however many paths ask', async () => {
    signedInAs('member');
    const router = appRouter('/wallet');
    await settled(router);
    await router.navigate('/no-such-page');
    await router.navigate('/another-missing-page');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    expect([...pagePaths(router)].sort()).toEqual(APP_ROUTES.map((r) => r.path).sort());
    router.dispose();
  });
});

describe('the style guide', () => {
  it('lists the same five pages in its routes as the build and the router know', () => {
    expect(STYLE_GUIDE_PAGES.map((p) => p.path)).toEqual(STYLE_GUIDE_PATHS);
    expect(STYLE_GUIDE_PATHS).toEqual(['/typography', '/icons', '/cards', '/tables', '/form-layouts']);
    // Not the route table's: no guard, no menu, not toured as a signed-in page.
    for (const path of STYLE_GUIDE_PATHS) expect(APP_ROUTES.some((r) => r.path === path)).toBe(false);
    expect(isStyleGuidePath('/typography/')).toBe(true);
    expect(isStyleGuidePath('/Typography')).toBe(false);
  });

  it('opens signed out, adds only its own pages and calls no API', async () => {
    for (const path of STYLE_GUIDE_PATHS) {
      const router = appRouter(path);
      await settled(router);
      expect(router.state.location.pathname).toBe(path);
      expect(router.state.matches.at(-1)?.route.path).toBe(path);
      expect([...pagePaths(router)].sort()).toEqual([...GUEST_PATHS, ...STYLE_GUIDE_PATHS].sort());
      router.dispose();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still adds the signed-in pages after it', async () => {
    signedInAs('member');
    const router = appRouter('/cards');
    await settled(router);
    await router.navigate('/wallet');
    await settled(router);
    expect(router.state.matches.at(-1)?.route.path).toBe('/wallet');
    await router.navigate('/tables');
    expect(router.state.matches.at(-1)?.route.path).toBe('/tables');
    router.dispose();
  });
});
