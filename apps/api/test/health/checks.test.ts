import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type TestPortal } from '../harness';

describe('/api/health checks without a chain', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('keeps status ok and adds the database, the payout queue and the hot wallet in words', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.chain).toBeUndefined();
    expect(body.checks).toEqual({
      database: { state: 'ok', message: 'The database answers.' },
      payouts: {
        state: 'ok',
        live: 0,
        stuck: 0,
        failed: 0,
        message: '0 payouts being sent; none stuck; no failed payout waiting.',
      },
      hotWallet: { state: 'off', message: 'No chain: withdrawals are not paid.' },
    });
  });
});
