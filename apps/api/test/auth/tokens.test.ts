import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../src/auth/tokens';

const secret = new TextEncoder().encode('interop-secret-that-is-long-enough-0123456789');
const claims = { userId: 42, sessionId: '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b', role: 'member' as const };

// Made by jose's SignJWT (the library the portal used before, decision 0026)
// with this secret and claims, issued at 1795000000, expiring in 2100.
const JOSE_TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiI2ZjFjMmE5ZS0zYjRkLTRlNWYtOGE3Yi0xYzJkM2U0ZjVhNmIiLCJyb2xlIjoibWVtYmVyIiwic3ViIjoiNDIiLCJpYXQiOjE3OTUwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.TKD1LxG7QbxuXN_OWIaT0KFAy2qjde4VvkuNW3XncZs';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with `key` from any header and payload, as an attacker or another issuer could make one. */
function forged(header: unknown, payload: unknown, key: Uint8Array = secret): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

const future = () => Math.floor(Date.now() / 1000) + 600;
const goodPayload = () => ({
  sid: claims.sessionId,
  role: 'member',
  sub: '42',
  iat: Math.floor(Date.now() / 1000),
  exp: future(),
});

describe('access tokens (HS256 on node:crypto)', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies what it signs', async () => {
    const token = await signAccessToken(claims, secret, 600);
    expect(await verifyAccessToken(token, secret)).toEqual(claims);
  });

  it('accepts a token a standard JWT library signed, and signs byte for byte as it did', async () => {
    expect(await verifyAccessToken(JOSE_TOKEN, secret)).toEqual(claims);
    vi.useFakeTimers({ now: 1795000000 * 1000 });
    expect(await signAccessToken(claims, secret, 4102444800 - 1795000000)).toBe(JOSE_TOKEN);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await signAccessToken(
      claims,
      new TextEncoder().encode('another-secret-that-is-long-enough-012345'),
      600,
    );
    expect(await verifyAccessToken(token, secret)).toBeNull();
  });

  it('refuses a payload changed after signing', async () => {
    const [header, , sig] = (await signAccessToken(claims, secret, 600)).split('.');
    const admin = b64({ ...goodPayload(), role: 'admin' });
    expect(await verifyAccessToken(`${header}.${admin}.${sig}`, secret)).toBeNull();
  });

  it('refuses a changed or missing signature', async () => {
    const token = await signAccessToken(claims, secret, 600);
    const [header, payload, sig] = token.split('.') as [string, string, string];
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`, secret)).toBeNull();
    expect(await verifyAccessToken(`${header}.${payload}.`, secret)).toBeNull();
    expect(await verifyAccessToken(`${header}.${payload}`, secret)).toBeNull();
    expect(await verifyAccessToken(`${header}.${payload}.${sig.slice(0, 20)}`, secret)).toBeNull();
  });

  it('refuses "none", any other algorithm and unknown header parameters, even correctly signed', async () => {
    const unsigned = `${b64({ alg: 'none' })}.${b64(goodPayload())}.`;
    expect(await verifyAccessToken(unsigned, secret)).toBeNull();
    expect(await verifyAccessToken(forged({ alg: 'none' }, goodPayload()), secret)).toBeNull();
    expect(await verifyAccessToken(forged({ alg: 'HS512' }, goodPayload()), secret)).toBeNull();
    expect(await verifyAccessToken(forged({ alg: 'HS256', crit: ['exp'] }, goodPayload()), secret)).toBeNull();
    expect(await verifyAccessToken(forged({ alg: 'HS256', typ: 'JWT' }, goodPayload()), secret)).toEqual(claims);
  });

  it('refuses an expired token, and one not valid yet', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await verifyAccessToken(forged({ alg: 'HS256' }, { ...goodPayload(), exp: now - 1 }), secret)).toBeNull();
    expect(await verifyAccessToken(forged({ alg: 'HS256' }, { ...goodPayload(), exp: now }), secret)).toBeNull();
    expect(await verifyAccessToken(forged({ alg: 'HS256' }, { ...goodPayload(), nbf: now + 60 }), secret)).toBeNull();
    const token = await signAccessToken(claims, secret, 60);
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    expect(await verifyAccessToken(token, secret)).toBeNull();
  });

  it('refuses claims of the wrong kind', async () => {
    const { exp: _exp, ...noExpiry } = goodPayload();
    const bad = [
      noExpiry,
      { ...goodPayload(), exp: String(future()) },
      { ...goodPayload(), sub: 42 },
      { ...goodPayload(), sub: 'x' },
      { ...goodPayload(), sid: 7 },
      { ...goodPayload(), role: 'root' },
      { ...goodPayload(), iat: 'yesterday' },
    ];
    for (const payload of bad)
      expect(await verifyAccessToken(forged({ alg: 'HS256' }, payload), secret), JSON.stringify(payload)).toBeNull();
  });

  it('refuses what is not a JWT at all', async () => {
    for (const junk of ['', '...', 'a.b.c', 'a.b.c.d', 'not a token', `${b64([1])}.${b64([2])}.x`]) {
      expect(await verifyAccessToken(junk, secret), junk).toBeNull();
    }
    const arrays = forged([{ alg: 'HS256' }], [goodPayload()]);
    expect(await verifyAccessToken(arrays, secret)).toBeNull();
    const input = `${Buffer.from('{"alg":').toString('base64url')}.${b64(goodPayload())}`;
    expect(
      await verifyAccessToken(`${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`, secret),
    ).toBeNull();
  });
});
