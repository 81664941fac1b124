import type { Endpoint, EndpointAnswer, EndpointInput, LoginResponse, Nothing } from '@portal/contract';
import type { SessionStore } from '../session/session';
import { sessionStorageArea } from '../session/storage';
import type { Refresh, RefreshOptions } from './refresh';
import {
  ApiError,
  type ErrorCode,
  CREDENTIALS_REQUIRED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  NETWORK_MESSAGE,
  TIMEOUT_MESSAGE,
} from './errors';

export const API_BASE_URL = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** The caller's cancellation (TanStack Query passes one). */
  signal?: AbortSignal;
  /** A success's body is a file (a PDF statement): read as a Blob, not as JSON or text. An error's is still JSON. */
  binary?: boolean;
}

export interface ApiClientOptions {
  session: SessionStore;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * Coordinate with the portal's other tabs (the app's client does; unit
   * tests of one client do not): refreshes take turns under a Web Lock, the
   * tab that refreshes hands its new tokens to the others over a
   * BroadcastChannel, and a refresh always sends the newest refresh token of
   * localStorage (`tab-sync.ts`).
   */
  crossTab?: boolean;
}

export interface RawResponse {
  status: number;
  data: unknown;
}

export interface SendOptions extends RequestOptions {
  /** The Authorization header to send instead of the Bearer token (login). */
  authorization?: string;
}

/**
 * Query values travel as text, so the contract's schemas take them as strings
 * (a page, an id as its decimal digits, packages/contract/src/ids.ts); the
 * caller may write such a value as the number it holds, which the URL carries
 * as `String(value)` (`urlOf`), as the contract lets path parameters be (`EndpointInput`).
 */
type WrittenAsText<T> = T extends object
  ? { [K in keyof T]: string extends NonNullable<T[K]> ? T[K] | number : T[K] }
  : T;

/** What `api.call` takes for an endpoint: its input (an upload's body is FormData) and the caller's cancellation. */
export type CallOptions<E extends Endpoint> = {
  [K in keyof EndpointInput<E, FormData>]: K extends 'query'
    ? WrittenAsText<EndpointInput<E, FormData>[K]>
    : EndpointInput<E, FormData>[K];
} & { signal?: AbortSignal };

/** `/transfers/:id` with `{ id: 7 }` → `/transfers/7`. */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value == null) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function basicCredentials(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function toApiError(response: RawResponse, fallbackMessage?: string): ApiError {
  const body = response.data && typeof response.data === 'object' ? (response.data as Record<string, unknown>) : {};
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : (fallbackMessage ?? `Request failed (${response.status})`);
  // An answer's code is one of the contract's (the API tests hold the API to that list).
  const code =
    typeof body.code === 'string' && body.code ? (body.code as ErrorCode) : (`HTTP_${response.status}` as const);
  const field = typeof body.field === 'string' ? body.field : undefined;
  return new ApiError(response.status, code, message, field, response.data);
}

/**
 * The API client (seed §4, §7, §8): base /api, JSON, 10 s timeout, a Bearer
 * header whenever an access token exists, and on a 401 to a signed-in
 * request ONE refresh shared by every request waiting on it, then one retry
 * each. When the refresh fails the session ends ('Refresh token expired') and
 * the waiting requests are rejected.
 */
export function createApiClient(options: ApiClientOptions) {
  const { session } = options;
  const baseUrl = options.baseUrl ?? API_BASE_URL;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const fetchImpl = (...args: Parameters<typeof fetch>) => (options.fetch ?? globalThis.fetch)(...args);

  /**
   * The refresh (`refresh.ts`: one shared refresh, the tabs' turns), which only
   * a signed-in tab needs: it comes with the signed-in pages (`installRefresh`), or
   * is loaded on the first 401 elsewhere, so the sign-in page does not carry it.
   */
  let refresh: Promise<Refresh> | null = null;
  const refreshOptions = (): RefreshOptions => ({ session, send, crossTab: options.crossTab });
  function loadRefresh(): Promise<Refresh> {
    refresh ??= import('./refresh').then(
      ({ createRefresh }) => createRefresh(refreshOptions()),
      () => {
        // Not downloaded (offline): the next 401 tries again.
        refresh = null;
        throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
      },
    );
    return refresh;
  }

  function urlOf(path: string, query?: Record<string, QueryValue>): string {
    let url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
      }
      const search = params.toString();
      if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
    }
    return url;
  }

  /** One HTTP exchange, body read included, under the timeout. Never refreshes. */
  async function send(path: string, opts: SendOptions, accessToken: string | null): Promise<RawResponse> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) forwardAbort();
    else opts.signal?.addEventListener('abort', forwardAbort, { once: true });

    // A FormData body (a file upload) goes as multipart, with the browser's own boundary.
    const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    const headers: Record<string, string> = isForm
      ? { Accept: 'application/json' }
      : { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (opts.authorization) headers.Authorization = opts.authorization;
    else if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    Object.assign(headers, opts.headers);

    try {
      const response = await fetchImpl(urlOf(path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      if (opts.binary && response.ok) return { status: response.status, data: await response.blob() };
      const text = response.status === 204 ? '' : await response.text();
      let data: unknown = undefined;
      if (text) {
        try {
          data = JSON.parse(text);
        } catch {
          data = text;
        }
      }
      return { status: response.status, data };
    } catch (error) {
      if (timedOut) throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
      if (opts.signal?.aborted) throw error; // the caller cancelled: let it see its own abort
      throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  function finish<T>(response: RawResponse): T {
    if (response.status >= 200 && response.status < 300) return response.data as T;
    throw toApiError(response);
  }

  /** A signed-in (or guest) call with the 401 → refresh → one retry rule. */
  async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
    const token = session.accessToken;
    const response = await send(path, opts, token);
    // Already logged out (no token, or the session ended meanwhile): the error passes through.
    if (response.status === 401 && token && session.getState().isAuthenticated) {
      const fresh = await (await loadRefresh()).freshToken(token);
      return finish<T>(await send(path, opts, fresh));
    }
    return finish<T>(response);
  }

  /**
   * POST /auth/login: empty body, Basic credentials. Stores the session on success.
   * With two-factor on, the server answers 401 TOTP_REQUIRED and the same login is
   * sent again with the code in an `X-TOTP-Code` header (`totpCode`).
   * The login's and the logout's paths are written here rather than taken from
   * the endpoint table (packages/contract/src/endpoints/auth.ts): the table
   * brings every schema with it, and the sign-in page has a budget
   * (e2e/sign-in-weight.spec.ts).
   */
  async function login(username: string, password: string, totpCode?: string): Promise<LoginResponse> {
    if (!username.trim() || !password) throw new ApiError(0, 'CREDENTIALS_REQUIRED', CREDENTIALS_REQUIRED_MESSAGE);
    const response = await send(
      '/auth/login',
      {
        method: 'POST',
        authorization: basicCredentials(username.trim(), password),
        headers: totpCode ? { 'X-TOTP-Code': totpCode } : undefined,
      },
      null,
    );
    if (response.status !== 200) throw toApiError(response, LOGIN_FAILED_MESSAGE);
    const result = response.data as LoginResponse | undefined;
    if (!result?.accessToken || !result.user) throw new ApiError(response.status, 'LOGIN_FAILED', LOGIN_FAILED_MESSAGE);
    session.signIn(result);
    return result;
  }

  /**
   * A tab without an access token but with the refresh token of a sign-in
   * (a second tab, a bookmark): refresh, read the user, and carry on signed
   * in, before any guard decides. False when there is nothing to resume or
   * the refresh fails (which ends the session, as any failed refresh does).
   */
  async function resume(): Promise<boolean> {
    if (session.getState().isAuthenticated) return true;
    if (!(sessionStorageArea.readRefreshToken() ?? session.refreshToken)) return false;
    try {
      return await (await loadRefresh()).resume();
    } catch {
      return false;
    }
  }

  /** Ends the sign-in: storage and caches cleared at once, the server told when a refresh token exists (its failure ignored). */
  async function logout(): Promise<void> {
    const { supportView, accessToken, refreshToken } = session.getState();
    session.clear();
    if (!supportView && !refreshToken) return;
    try {
      // A support view's end is the server's to record (audited); the admin's own sign-in stays untouched.
      if (supportView) await send('/me/support-view/end', { method: 'POST' }, accessToken);
      else await send('/auth/logout', { method: 'POST', body: { refreshToken } }, null);
    } catch {
      // The session is gone on this side whatever the server says (a view's token runs out on its own).
    }
  }

  /**
   * Calls an endpoint of the contract's table by name (`api.call(endpoints.transfers.quote, { query })`):
   * its method and path come from the table, and its input and answer types
   * from the table's schemas (docs/decisions/0033-typed-endpoint-table.md).
   */
  function call<E extends Endpoint>(
    endpoint: E,
    ...[options]: Nothing extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>]
  ): Promise<EndpointAnswer<E>> {
    // The rest of the options (query, body, headers, signal) are the request's own.
    const { params, ...rest } = (options ?? {}) as RequestOptions & { params?: Record<string, unknown> };
    return request<EndpointAnswer<E>>(pathOf(endpoint.path, params), { ...rest, method: endpoint.method });
  }

  return {
    request,
    call,
    login,
    logout,
    resume,
    /**
     * Starts the refresh with `createRefresh` of `refresh.ts`: the signed-in pages hand it over as they load
     * (`app/signed-in-routes.tsx`), so a tab's first 401 or resume does not wait for a download.
     */
    installRefresh(createRefresh: (options: RefreshOptions) => Refresh): void {
      refresh ??= Promise.resolve(createRefresh(refreshOptions()));
    },
  };
}
