import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, type Session, type TestPortal } from '../harness';

/** The code an authenticator app shows for `secret` at the portal's current (test) time. */
export function codeAt(secret: string, at: Date): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
}

/** Sets up and enables two-factor for a session; answers the secret and the recovery codes. */
export async function enableTwoFactor(
  portal: TestPortal,
  session: Session,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const app: FastifyInstance = portal.app;
  const setup = await app.inject({ method: 'POST', url: '/api/me/2fa/setup', headers: bearer(session) });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enable = await app.inject({
    method: 'POST',
    url: '/api/me/2fa/enable',
    headers: bearer(session),
    payload: { code: codeAt(secret, portal.clock.now) },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  // The next code must be for a later step: move past the one just used.
  portal.clock.advance(30_000);
  return { secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** A fresh code: the clock moves one step on, so no code is ever reused by accident. */
export function freshCode(portal: TestPortal, secret: string): string {
  portal.clock.advance(30_000);
  return codeAt(secret, portal.clock.now);
}
