import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, endpoints, type User } from '@portal/contract';
import { SessionStore } from '../session/session';
import { STORAGE_KEYS } from '../session/storage';
import { createApiClient, pathOf } from './client';
import { ApiError, REFRESH_EXPIRED_MESSAGE } from './errors';
import { createRefresh, type RefreshOptions } from './refresh';
import { shouldRetry } from './queryClient';

const USER: User = {
  id: 7,
  username: 'alice',
  email: 'alice@example.com',
  fullName: 'Alice Example',
  role: 'member',
  phone: null,
  country: null,
  status: 'active',
  isMember: true,
  createdAt: '2026-01-02T03:04:05.000Z',
};

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fake API: `validToken` is the access token it accepts; the refresh call
 * answers `refreshStatus` (rotating to `next-access` / `next-refresh`) after
 * `refreshDelay` ms. Every call is recorded.
 */
function fakeServer(opts: {
  validToken: string;
  refreshStatus?: number;
  refreshDelay?: number;
  requestDelay?: (path: string) => number;
}) {
  const calls: Call[] = [];
  let validToken = opts.validToken;
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = { ...(init.headers as Record<string, string>) };
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const method = init.method ?? 'GET';
    calls.push({ url, method, headers, body });
    const path = url.replace(/^\/api/, '');

    if (path === '/auth/refresh-token') {
      await tick(opts.refreshDelay ?? 5);
      const status = opts.refreshStatus ?? 200;
      if (status !== 200) return json(status, { message: 'Refresh token is invalid', code: 'REFRESH_TOKEN_INVALID' });
      validToken = 'next-access';
      return json(200, { accessToken: 'next-access', refreshToken: 'next-refresh' });
    }
    if (path === '/auth/logout') return new Response(null, { status: 204 });

    await tick(opts.requestDelay?.(path) ?? 1);
    if (headers.Authorization !== `Bearer ${validToken}`) {
      return json(401, { message: 'Sign in to continue.', code: 'UNAUTHENTICATED' });
    }
    return json(200, { path });
  });
  return {
    fetch,
    calls,
    refreshCalls: () => calls.filter((c) => c.url === '/api/auth/refresh-token'),
    callsTo: (path: string) => calls.filter((c) => c.url === `/api${path}`),
  };
}

function signInStorage(accessToken = 'old-access', refreshToken = 'old-refresh') {
  window.sessionStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
  window.sessionStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
  window.sessionStorage.setItem(STORAGE_KEYS.role, USER.role);
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('401 → one shared refresh → one retry each', () => {
  it('refreshes exactly once for six concurrent 401s and retries each request once', async () => {
    signInStorage();
    const server = fakeServer({ validToken: 'fresh-never-used', refreshDelay: 20 });
    const session = new SessionStore();
    const client = createApiClient({ session, fetch: server.fetch });

    const paths = ['/a', '/b', '/c', '/d', '/e', '/f'];
    const results = await Promise.all(paths.map((p) => client.request<{ path: string }>(p)));

    expect(results.map((r) => r.path)).toEqual(paths);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(JSON.parse(server.refreshCalls()[0]!.body!)).toEqual({ refreshToken: 'old-refresh' });
    for (const p of paths) {
      const calls = server.callsTo(p);
      expect(calls).toHaveLength(2);
      expect(calls[0]!.headers.Authorization).toBe('Bearer old-access');
      expect(calls[1]!.headers.Authorization).toBe('Bearer next-access');
    }
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe('next-access');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('next-refresh');
    expect(session.getState().isAuthenticated).toBe(true);
  });

  it('still refreshes once when some 401s arrive after the refresh finished', async () => {
    signInStorage();
    // '/slow' answers its 401 long after the refresh completed.
    const server = fakeServer({ validToken: 'x', refreshDelay: 2, requestDelay: (p) => (p === '/slow' ? 40 : 1) });
    const session = new SessionStore();
    const client = createApiClient({ session, fetch: server.fetch });

    const results = await Promise.all(
      ['/a', '/b', '/slow', '/c', '/d'].map((p) => client.request<{ path: string }>(p)),
    );

    expect(results).toHaveLength(5);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(server.callsTo('/slow')).toHaveLength(2);
    expect(server.callsTo('/slow')[1]!.headers.Authorization).toBe('Bearer next-access');
  });

  it('retries only once: a second 401 after the refresh is rejected to the caller', async () => {
    signInStorage();
    const server = fakeServer({ validToken: 'x' });
    server.fetch.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      server.calls.push({
        url: String(input),
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: undefined,
      });
      if (String(input).endsWith('/auth/refresh-token')) return json(200, { accessToken: 'a2', refreshToken: 'r2' });
      return json(401, { message: 'Still no', code: 'UNAUTHENTICATED' });
    });
    const client = createApiClient({ session: new SessionStore(), fetch: server.fetch });

    await expect(client.request('/x')).rejects.toMatchObject({ status: 401, message: 'Still no' });
    expect(server.callsTo('/x')).toHaveLength(2);
    expect(server.refreshCalls()).toHaveLength(1);
  });
});

describe('the refresh comes with the signed-in pages', () => {
  it('uses the refresh the signed-in pages hand over, made once for the client', async () => {
    signInStorage();
    const server = fakeServer({ validToken: 'old-access' });
    const session = new SessionStore();
    const client = createApiClient({ session, fetch: server.fetch });
    const made: RefreshOptions[] = [];
    const create = (options: RefreshOptions) => {
      made.push(options);
      return createRefresh(options);
    };
    client.installRefresh(create);
    client.installRefresh(create);
    expect(made).toHaveLength(1);
    expect(made[0]!.session).toBe(session);

    window.sessionStorage.setItem(STORAGE_KEYS.accessToken, 'expired-access');
    session.restore();
    expect((await client.request<{ path: string }>('/a')).path).toBe('/a');
    expect(server.refreshCalls()).toHaveLength(1);
    expect(made).toHaveLength(1);
  });
});

describe('a failed refresh ends the session', () => {
  it('rejects every waiting request, clears storage and logs out with "Refresh token expired"', async () => {
    signInStorage();
    window.localStorage.setItem('portal.themeMode', 'dark');
    const server = fakeServer({ validToken: 'x', refreshStatus: 401, refreshDelay: 10 });
    const session = new SessionStore();
    const reasons: Array<string | undefined> = [];
    session.onLogout((reason) => reasons.push(reason));
    const client = createApiClient({ session, fetch: server.fetch });

    const outcomes = await Promise.allSettled(['/a', '/b', '/c', '/d', '/e'].map((p) => client.request(p)));

    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.message).toBe(REFRESH_EXPIRED_MESSAGE);
      expect(reason.code).toBe('SESSION_EXPIRED');
    }
    expect(server.refreshCalls()).toHaveLength(1);
    // Dropped: none of them was retried.
    for (const p of ['/a', '/b', '/c', '/d', '/e']) expect(server.callsTo(p)).toHaveLength(1);
    expect(reasons).toEqual([REFRESH_EXPIRED_MESSAGE]);
    expect(session.getState()).toMatchObject({
      isAuthenticated: false,
      user: null,
      accessToken: null,
      refreshToken: null,
    });
    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.user, STORAGE_KEYS.role])
      expect(window.sessionStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    // Other preferences survive.
    expect(window.localStorage.getItem('portal.themeMode')).toBe('dark');
  });

  it('also ends the session when the refresh call cannot reach the server', async () => {
    signInStorage();
    const session = new SessionStore();
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/auth/refresh-token')) throw new TypeError('Failed to fetch');
      return json(401, { message: 'expired', code: 'UNAUTHENTICATED' });
    });
    const client = createApiClient({ session, fetch });
    await expect(client.request('/a')).rejects.toMatchObject({ message: REFRESH_EXPIRED_MESSAGE });
    expect(session.getState().isAuthenticated).toBe(false);
  });
});

describe('already logged out', () => {
  it('passes a 401 through without a refresh when there is no token', async () => {
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'left-over-refresh');
    const server = fakeServer({ validToken: 'x' });
    const session = new SessionStore();
    const client = createApiClient({ session, fetch: server.fetch });

    const error = await client.request('/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    expect(server.refreshCalls()).toHaveLength(0);
    expect(server.callsTo('/me')).toHaveLength(1);
    expect(server.callsTo('/me')[0]!.headers.Authorization).toBeUndefined();
  });

  it('rejects any other error to the caller with status, code, message and field', async () => {
    signInStorage();
    const fetch = vi.fn(async () =>
      json(409, { message: 'That email is taken.', code: 'EMAIL_TAKEN', field: 'email' }),
    );
    const client = createApiClient({ session: new SessionStore(), fetch });
    await expect(client.request('/me', { method: 'PATCH', body: { email: 'x@y.z' } })).rejects.toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'That email is taken.',
      field: 'email',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('requests', () => {
  it('sends the Bearer header, JSON content type and JSON body under /api', async () => {
    signInStorage('tok-123');
    const server = fakeServer({ validToken: 'tok-123' });
    const client = createApiClient({ session: new SessionStore(), fetch: server.fetch });

    await client.request('/things', { method: 'POST', body: { a: 1 }, query: { page: 2, search: '', x: undefined } });

    const call = server.calls[0]!;
    expect(call.url).toBe('/api/things?page=2');
    expect(call.method).toBe('POST');
    expect(call.headers.Authorization).toBe('Bearer tok-123');
    expect(call.headers['Content-Type']).toBe('application/json');
    expect(call.body).toBe('{"a":1}');
  });

  it('sends a FormData body (a file upload) as it is, leaving the multipart content type to the browser', async () => {
    signInStorage('tok-123');
    const server = fakeServer({ validToken: 'tok-123' });
    const client = createApiClient({ session: new SessionStore(), fetch: server.fetch });
    const form = new FormData();
    form.append('image', new Blob(['png-bytes'], { type: 'image/png' }), 'a.png');

    await client.request('/admin/products/3/image', { method: 'PUT', body: form });

    const [, init] = server.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('reads a file answer as a Blob with `binary`, and its refusal still as the JSON error', async () => {
    signInStorage('tok-123');
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xe2, 0x80]); // "%PDF" then bytes that are not UTF-8 text
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/2026-10')
        ? new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } })
        : json(422, { message: 'Not begun yet.', code: 'STATEMENT_MONTH_IN_FUTURE' }),
    );
    const client = createApiClient({ session: new SessionStore(), fetch });

    const blob = await client.request<Blob>('/statements/2026-10', { binary: true });
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    await expect(client.request('/statements/2099-01', { binary: true })).rejects.toMatchObject({
      status: 422,
      code: 'STATEMENT_MONTH_IN_FUTURE',
      message: 'Not begun yet.',
    });
  });

  it('calls an endpoint of the table by name: its method and path, the query and headers given', async () => {
    signInStorage('tok-123');
    const server = fakeServer({ validToken: 'tok-123' });
    const client = createApiClient({ session: new SessionStore(), fetch: server.fetch });

    await client.call(endpoints.transfers.quote, { query: { toUsername: 'bob', amount: '1.50' } });
    await client.call(endpoints.transfers.create, {
      body: { toUsername: 'bob', amount: '1.50' },
      headers: { 'idempotency-key': 'k-1' },
    });

    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/transfers/quote?toUsername=bob&amount=1.50',
      'POST /api/transfers',
    ]);
    expect(server.calls[1]!.body).toBe('{"toUsername":"bob","amount":"1.50"}');
    expect(server.calls[1]!.headers['idempotency-key']).toBe('k-1');
  });

  it('fills the path parameters of an endpoint, encoded, and refuses a missing one', async () => {
    signInStorage('tok-123');
    const server = fakeServer({ validToken: 'tok-123' });
    const client = createApiClient({ session: new SessionStore(), fetch: server.fetch });
    const one = endpoint({
      method: 'DELETE',
      path: '/things/:id/parts/:name',
      params: z.object({ id: z.coerce.number(), name: z.string() }),
      status: 204,
      errors: [],
      tags: [],
      summary: 'x',
    });

    await client.call(one, { params: { id: 7, name: 'a b' } });

    expect(server.calls[0]!.url).toBe('/api/things/7/parts/a%20b');
    expect(server.calls[0]!.method).toBe('DELETE');
    expect(() => pathOf('/things/:id', {})).toThrow(/needs the parameter id/);
  });

  it('writes an id or a number the page holds as the digits the schemas read as text', async () => {
    signInStorage('tok-123');
    const server = fakeServer({ validToken: 'tok-123' });
    const client = createApiClient({ session: new SessionStore(), fetch: server.fetch });

    await client.call(endpoints.members.adminOne, { params: { id: 42 } });
    await client.call(endpoints.network.placementTree, { query: { root: 7, depth: 3 } });

    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/admin/members/42',
      '/api/network/placement-tree?root=7&depth=3',
    ]);
  });
});

describe('how a request ends early: the timeout and the caller’s cancellation', () => {
  it('aborts a request after 10 seconds', async () => {
    vi.useFakeTimers();
    signInStorage();
    let signal: AbortSignal | undefined;
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const client = createApiClient({ session: new SessionStore(), fetch });

    const outcome = client.request('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('passes a caller cancellation through as the abort', async () => {
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const client = createApiClient({ session: new SessionStore(), fetch });
    const controller = new AbortController();
    const outcome = client.request('/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await outcome).toMatchObject({ name: 'AbortError' });
  });
});

describe('login, storage split and logout', () => {
  it('logs in with an empty body and Basic credentials, then splits the storage', async () => {
    const fetch = vi.fn(async () => json(200, { user: USER, accessToken: 'acc', refreshToken: 'ref' }));
    const session = new SessionStore();
    const client = createApiClient({ session, fetch });

    await client.login('alice', 'pässword:1');

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    const header = (init.headers as Record<string, string>).Authorization!;
    expect(header.startsWith('Basic ')).toBe(true);
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(header.slice(6)), (c) => c.charCodeAt(0)));
    expect(decoded).toBe('alice:pässword:1');

    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('ref');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe('acc');
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.user)!)).toEqual(USER);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.role)).toBe('member');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(session.getState()).toMatchObject({
      isAuthenticated: true,
      role: 'member',
      accessToken: 'acc',
      refreshToken: 'ref',
    });
  });

  it('gives the role "Member" to a user without one, and the guard role to an admin', async () => {
    const { role: _role, ...noRole } = USER;
    const fetch = vi.fn(async () => json(200, { user: noRole, accessToken: 'acc', refreshToken: 'ref' }));
    const session = new SessionStore();
    await createApiClient({ session, fetch }).login('alice', 'secret-pass');
    expect(session.getState().role).toBe('Member');
    expect(session.isAdmin).toBe(false);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.role)).toBe('Member');

    const adminFetch = vi.fn(async () =>
      json(200, { user: { ...USER, role: 'admin' }, accessToken: 'a', refreshToken: 'r' }),
    );
    const adminSession = new SessionStore();
    await createApiClient({ session: adminSession, fetch: adminFetch }).login('root', 'secret-pass');
    expect(adminSession.isAdmin).toBe(true);
  });

  it('refuses empty credentials without sending anything', async () => {
    const fetch = vi.fn();
    const client = createApiClient({ session: new SessionStore(), fetch });
    await expect(client.login('', 'x')).rejects.toMatchObject({ message: 'Username and password are required.' });
    await expect(client.login('alice', '')).rejects.toMatchObject({ message: 'Username and password are required.' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message on a failed login, otherwise 'Login failed'", async () => {
    const withMessage = vi.fn(async () =>
      json(401, { message: 'Wrong username or password.', code: 'INVALID_CREDENTIALS' }),
    );
    await expect(
      createApiClient({ session: new SessionStore(), fetch: withMessage }).login('a', 'b'),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Wrong username or password.',
    });
    const bare = vi.fn(async () => new Response('oops', { status: 500 }));
    await expect(createApiClient({ session: new SessionStore(), fetch: bare }).login('a', 'b')).rejects.toMatchObject({
      status: 500,
      message: 'Login failed',
    });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('restores the session only when an access token and a user are in sessionStorage', () => {
    signInStorage();
    expect(new SessionStore().getState()).toMatchObject({
      isAuthenticated: true,
      user: USER,
      refreshToken: 'old-refresh',
    });
    window.sessionStorage.removeItem(STORAGE_KEYS.user);
    expect(new SessionStore().getState().isAuthenticated).toBe(false);
    signInStorage();
    window.sessionStorage.removeItem(STORAGE_KEYS.accessToken);
    expect(new SessionStore().getState().isAuthenticated).toBe(false);
  });

  it('logs out: tells the server with the refresh token, ignores its failure, clears everything', async () => {
    signInStorage();
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const session = new SessionStore();
    const reasons: Array<string | undefined> = [];
    session.onLogout((r) => reasons.push(r));
    await createApiClient({ session, fetch }).logout();

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'old-refresh' });
    expect(session.getState().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(reasons).toEqual([undefined]);
  });
});

describe('query retry policy', () => {
  it('never retries a 4xx and retries anything else at most once', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'SESSION_EXPIRED', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
  });
});

describe('tabs (docs/decisions/0010-sign-in-that-holds.md)', () => {
  function resumeServer(refreshStatus = 200) {
    const calls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input).replace(/^\/api/, '');
      calls.push(`${init.method ?? 'GET'} ${path} ${init.body ?? ''}`.trim());
      if (path === '/auth/refresh-token') {
        return refreshStatus === 200
          ? json(200, { accessToken: 'tab-access', refreshToken: 'tab-refresh' })
          : json(refreshStatus, { message: 'Refresh token is invalid', code: 'REFRESH_TOKEN_INVALID' });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      if (path === '/me' && auth === 'Bearer tab-access') return json(200, USER);
      return json(401, { message: 'Sign in to continue.', code: 'UNAUTHENTICATED' });
    });
    return { fetch, calls };
  }

  it('a tab with only the refresh token of a sign-in resumes it: refresh, then the user', async () => {
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'shared-refresh');
    const server = resumeServer();
    const session = new SessionStore();
    expect(session.getState().isAuthenticated).toBe(false);
    const client = createApiClient({ session, fetch: server.fetch });

    expect(await client.resume()).toBe(true);
    expect(server.calls).toEqual(['POST /auth/refresh-token {"refreshToken":"shared-refresh"}', 'GET /me']);
    expect(session.getState()).toMatchObject({
      isAuthenticated: true,
      user: USER,
      accessToken: 'tab-access',
      refreshToken: 'tab-refresh',
    });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe('tab-access');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('tab-refresh');
  });

  it('a tab with nothing to resume does not call the server; a failed refresh clears the session', async () => {
    const server = resumeServer(401);
    const client = createApiClient({ session: new SessionStore(), fetch: server.fetch });
    expect(await client.resume()).toBe(false);
    expect(server.calls).toEqual([]);

    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'dead-refresh');
    const session = new SessionStore();
    const reasons: Array<string | undefined> = [];
    session.onLogout((reason) => reasons.push(reason));
    expect(await createApiClient({ session, fetch: server.fetch }).resume()).toBe(false);
    expect(reasons).toEqual([REFRESH_EXPIRED_MESSAGE]);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('across tabs, a refresh sends the newest refresh token of localStorage (another tab rotated it)', async () => {
    signInStorage();
    const server = fakeServer({ validToken: 'fresh-never-used' });
    const session = new SessionStore();
    const client = createApiClient({ session, fetch: server.fetch, crossTab: true });
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'rotated-by-another-tab');

    expect((await client.request<{ path: string }>('/a')).path).toBe('/a');
    expect(server.refreshCalls()).toHaveLength(1);
    expect(JSON.parse(server.refreshCalls()[0]!.body!)).toEqual({ refreshToken: 'rotated-by-another-tab' });
  });
});
