import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/platform/config';
import {
  bearer,
  enableAdminTwoFactor,
  errorOf,
  lateBound,
  loginAdmin,
  startPortal,
  useFreshPortal,
  type Session,
  type TestPortal,
} from '../../harness';
import { families, sampleValue, samples } from './exposition';

const TOKEN = 'metrics-token-0123456789abcdef';
const scrape = (portal: TestPortal, token = TOKEN) =>
  portal.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });

describe('GET /api/metrics', () => {
  const metrics = useMetrics();
  tokenAndFamilyTests(metrics);
  dailyCloseMetricTests(metrics);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useMetrics() {
  let portal: TestPortal;
  let admin: Session;
  beforeAll(async () => {
    portal = await startPortal({ METRICS_TOKEN: TOKEN });
    admin = await loginAdmin(portal.app);
    // Closing the day is an admin write: an admin with two-factor (adminsRequireTwoFactor is on).
    await enableAdminTwoFactor(portal, admin);
  });
  afterAll(async () => {
    await portal?.close();
  });
  return { portal: lateBound(() => portal, 'The portal'), admin: lateBound(() => admin, 'The admin') };
}
type Metrics = ReturnType<typeof useMetrics>;

function tokenAndFamilyTests({ portal, admin }: Metrics) {
  it('refuses without the token (401 AUTH_REQUIRED) and with a wrong one (401 TOKEN_INVALID)', async () => {
    const none = await portal.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none)).toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const wrong = await scrape(portal, 'not-the-metrics-token-at-all');
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toMatchObject({ code: 'TOKEN_INVALID' });
    // A user's access token is not the metrics token.
    const user = await portal.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(admin) });
    expect(errorOf(user)).toMatchObject({ code: 'TOKEN_INVALID' });
    const basic = await portal.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Basic ${TOKEN}` },
    });
    expect(errorOf(basic)).toMatchObject({ code: 'AUTH_REQUIRED' });
  });

  it('answers the text exposition format with every family, the database figures read at scrape time', async () => {
    const res = await scrape(portal);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const listed = families(res.body);
    for (const name of [
      'portal_http_requests_total',
      'portal_http_request_duration_seconds',
      'portal_payouts',
      'portal_payouts_stuck',
      'portal_payout_oldest_live_age_seconds',
      'portal_withdrawals_failed',
      'portal_daily_close_last_run_timestamp_seconds',
      'portal_daily_close_last_duration_seconds',
      'portal_db_info',
      'portal_db_waiting_requests',
      'portal_process_cpu_seconds_total',
    ]) {
      expect(listed, name).toContain(name);
    }
    // Every payout state is listed, none yet; samples parse.
    for (const state of ['queued', 'signed', 'broadcast', 'mined', 'paid', 'failed'])
      expect(sampleValue(res.body, 'portal_payouts', { state })).toBe(0);
    expect(samples(res.body).length).toBeGreaterThan(20);
    // Without a chain there are no chain figures.
    expect(listed).not.toContain('portal_wallet_balance_usdt');
  });

  it('reports the database driver and its pool (PostgreSQL) or its queue (PGlite)', async () => {
    const body = (await scrape(portal)).body;
    expect(sampleValue(body, 'portal_db_info', { driver: portal.db.kind })).toBe(1);
    expect(sampleValue(body, 'portal_db_waiting_requests')).toBe(0);
    if (portal.db.kind === 'postgres') {
      expect(sampleValue(body, 'portal_db_pool_max_connections')).toBe(20);
      expect(sampleValue(body, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(sampleValue(body, 'portal_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    } else {
      expect(sampleValue(body, 'portal_db_pool_connections', { state: 'total' })).toBeUndefined();
    }
  });

  it('counts and times a request under its route pattern, method and status class, never the raw URL', async () => {
    const label = { method: 'GET', route: '/api/admin/users/:id', status: '4xx' };
    const before = (await scrape(portal)).body;
    const count0 = sampleValue(before, 'portal_http_requests_total', label) ?? 0;
    const hist0 = sampleValue(before, 'portal_http_request_duration_seconds_count', label) ?? 0;
    for (const id of [987654, 987655]) {
      const res = await portal.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(404);
    }
    const ok = await portal.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);

    const after = (await scrape(portal)).body;
    expect(sampleValue(after, 'portal_http_requests_total', label)).toBe(count0 + 2);
    expect(sampleValue(after, 'portal_http_request_duration_seconds_count', label)).toBe(hist0 + 2);
    expect(sampleValue(after, 'portal_http_request_duration_seconds_bucket', { ...label, le: '+Inf' })).toBe(hist0 + 2);
    expect(sampleValue(after, 'portal_http_request_duration_seconds_sum', label)).toBeGreaterThan(0);
    expect(
      sampleValue(after, 'portal_http_requests_total', { method: 'GET', route: '/api/health', status: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('987654');
    // A path no route matches is counted under one label, whatever the path.
    await portal.app.inject({ method: 'GET', url: '/api/no-such-thing-4711' });
    const unmatched = (await scrape(portal)).body;
    expect(
      sampleValue(unmatched, 'portal_http_requests_total', { method: 'GET', route: '<unmatched>', status: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(unmatched).not.toContain('no-such-thing-4711');
  });
}

function dailyCloseMetricTests({ portal, admin }: Metrics) {
  it('reports when the last daily close ran, and how long this process took for it', async () => {
    const before = (await scrape(portal)).body;
    expect(sampleValue(before, 'portal_daily_close_last_run_timestamp_seconds')).toBeUndefined();
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/plan/close',
      headers: bearer(admin),
      payload: { date: portal.clock.now.toISOString().slice(0, 10) },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const after = (await scrape(portal)).body;
    const at = sampleValue(after, 'portal_daily_close_last_run_timestamp_seconds');
    expect(at).toBeCloseTo(portal.clock.now.getTime() / 1000, 0);
    const duration = sampleValue(after, 'portal_daily_close_last_duration_seconds');
    expect(duration).toBeGreaterThan(0);
    expect(duration).toBeLessThan(60);
  });
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  const portal = useFreshPortal();

  it('is off: 404 NOT_FOUND, whatever the header', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await portal.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('must be at least 16 characters, and the message names the variable, not the value', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).not.toThrow(/short-token/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});
