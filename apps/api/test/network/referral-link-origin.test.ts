import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember, ROOT, startPortal, type TestPortal } from '../harness';

/**
 * Referral links on the address the member opened the portal at when PUBLIC_URL is not set
 * (src/network/referral-link.ts): a portal reached at a LAN address gives links that work there, not `localhost`.
 * With PUBLIC_URL set, links are on it whatever the request's host (network.test.ts).
 */
let portal: TestPortal;
beforeAll(async () => {
  // The harness sets PUBLIC_URL; this portal runs as one started without it.
  portal = await startPortal({ PUBLIC_URL: undefined } as unknown as Record<string, string>);
});
afterAll(() => portal?.close());

describe('referral links without PUBLIC_URL', () => {
  it('are on the host the member asked, on the referral page and on the dashboard', async () => {
    const member = await registerMember(portal.app, { sponsor: ROOT, side: 'left' });
    const headers = { ...bearer(member), host: '192.168.1.20:3000' };
    const link = await portal.app.inject({ method: 'GET', url: '/api/network/referral-link', headers });
    expect(link.statusCode).toBe(200);
    const plain = `http://192.168.1.20:3000/register?ref=${member.user.username}`;
    expect(link.json<{ links: { plain: string; left: string } }>().links).toMatchObject({
      plain,
      left: `${plain}&side=left`,
    });
    const dashboard = await portal.app.inject({ method: 'GET', url: '/api/dashboard', headers });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json<{ referralLink: string }>().referralLink).toBe(plain);
  });
});
