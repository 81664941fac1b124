import { Secret, TOTP } from 'otpauth';

/**
 * The calls a bench makes to set a portal up over HTTP (sign-ins, funding),
 * against an in-process portal or a server process alike.
 */

export async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function signIn(baseUrl: string, username: string, password: string) {
  const res = await call<{ accessToken: string; user: { id: number } }>(baseUrl, 'POST', '/api/auth/login', {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status}`);
  return { token: res.body.accessToken, id: res.body.user.id };
}

/**
 * Turns two-factor on for the signed-in admin through the real set-up (the
 * code computed from the secret the portal answers): every admin write needs
 * an admin with two-factor (docs/decisions/0051-admin-two-factor-declared-in-the-endpoint-table.md),
 * and the session already open keeps working.
 */
export async function enableAdminTwoFactor(baseUrl: string, adminToken: string): Promise<void> {
  const setup = await call<{ secret: string }>(baseUrl, 'POST', '/api/me/2fa/setup', { token: adminToken, body: {} });
  if (setup.status !== 200) throw new Error(`two-factor set-up: ${setup.status} ${JSON.stringify(setup.body)}`);
  const code = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(setup.body.secret),
  }).generate();
  const enabled = await call(baseUrl, 'POST', '/api/me/2fa/enable', { token: adminToken, body: { code } });
  if (enabled.status !== 200) throw new Error(`two-factor: ${enabled.status} ${JSON.stringify(enabled.body)}`);
}

/** An admin credit of a member's deposit wallet (the bench's funding). */
export async function fundDeposit(baseUrl: string, adminToken: string, memberId: number, amount: string) {
  const res = await call(baseUrl, 'POST', `/api/admin/members/${memberId}/adjustments`, {
    token: adminToken,
    body: { wallet: 'deposit', direction: 'credit', amount, reason: 'Benchmark funding' },
  });
  if (res.status !== 201) throw new Error(`funding ${memberId}: ${res.status} ${JSON.stringify(res.body)}`);
}
