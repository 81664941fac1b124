import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountSessions } from '@portal/contract';
import { deviceInWords } from '../../src/me/device-in-words';
import { basic, bearer, errorOf, registerMember, useFreshPortal, type Session } from '../harness';
import { OUTSIDE, saveAddress } from '../withdrawals/withdrawal-helpers';

const portal = useFreshPortal();

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let first: Session & { password: string };

/** Signs the member in again from another device. */
async function signInFrom(userAgent: string, ip: string): Promise<Session> {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: basic(first.user.username, first.password), 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Session>();
}

async function sessionsOf(session: Session): Promise<AccountSessions> {
  const res = await portal.app.inject({ method: 'GET', url: '/api/me/sessions', headers: bearer(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountSessions>();
}

const me = (session: Session) => portal.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) });
const refresh = (session: Session) =>
  portal.app.inject({
    method: 'POST',
    url: '/api/auth/refresh-token',
    payload: { refreshToken: session.refreshToken },
  });

beforeAll(async () => {
  first = await registerMember(portal.app, { username: 'sessions_olga' });
});

describe("an account's sessions", () => {
  it('lists each sign-in with its device in words and address, this one first; the log keeps the ended ones', async () => {
    const phone = await signInFrom(PHONE, '10.0.0.7');
    const laptop = await signInFrom(LAPTOP, '10.0.0.8');
    const seen = await sessionsOf(laptop);
    expect(seen.inForce.map((s) => [s.device, s.ip, s.current])).toEqual([
      ['Chrome on Windows', '10.0.0.8', true],
      ['Safari on iPhone', '10.0.0.7', false],
      ['Unknown device', '10.0.0.1', false],
    ]);
    expect(seen.inForce.every((s) => s.endedAt === null)).toBe(true);

    // The phone is lost: signed out from the laptop, its access ends at once and its refresh renews nothing.
    const lost = seen.inForce.find((s) => s.device === 'Safari on iPhone')!;
    const ended = await portal.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${lost.id}`,
      headers: bearer(laptop),
    });
    expect(ended.statusCode, ended.body).toBe(204);
    expect(errorOf(await me(phone))).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await refresh(phone)).statusCode).toBe(401);
    const after = await sessionsOf(laptop);
    expect(after.inForce.map((s) => s.device)).not.toContain('Safari on iPhone');
    expect(after.signIns.find((s) => s.id === lost.id)?.endedAt).not.toBeNull();

    // Twice: nothing of yours in force by that id.
    const again = await portal.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${lost.id}`,
      headers: bearer(laptop),
    });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('SESSION_NOT_FOUND');
  });

  it("signs out everywhere else, never the one asking; another account's session is not found", async () => {
    const kept = await signInFrom(LAPTOP, '10.0.0.9');
    const other = await signInFrom(PHONE, '10.0.0.10');
    const res = await portal.app.inject({ method: 'POST', url: '/api/me/sessions/end-others', headers: bearer(kept) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ ended: number }>().ended).toBeGreaterThanOrEqual(2);
    expect((await me(kept)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(first)).statusCode).toBe(401);
    const log = await sessionsOf(kept);
    expect(log.inForce.map((s) => s.current)).toEqual([true]);
    expect(log.changes.map((c) => [c.kind, c.device])).toEqual([
      ['other_sessions_ended', 'Chrome on Windows'],
      ['session_ended', 'Chrome on Windows'],
    ]);

    const stranger = await registerMember(portal.app, { username: 'sessions_ivan' });
    const theirs = (await sessionsOf(stranger)).inForce[0]!;
    const refused = await portal.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${theirs.id}`,
      headers: bearer(kept),
    });
    expect(refused.statusCode).toBe(404);
    expect((await me(stranger)).statusCode).toBe(200);
    const malformed = await portal.app.inject({
      method: 'DELETE',
      url: '/api/me/sessions/not-a-uuid',
      headers: bearer(kept),
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("an account's security changes", () => {
  it('are logged, newest first, each with the session that made it; a failed change logs nothing', async () => {
    const owner = await registerMember(portal.app, { username: 'sessions_petra' });
    const saved = await saveAddress(portal.app, owner, OUTSIDE[0]!);
    expect(saved.statusCode, saved.body).toBe(201);
    const removed = await portal.app.inject({
      method: 'DELETE',
      url: `/api/withdrawal-addresses/${saved.json<{ id: number }>().id}`,
      headers: bearer(owner),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const wrong = await portal.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(owner),
      payload: { currentPassword: 'Not-The-Password-1', newPassword: 'Another-Long-Passphrase-2' },
    });
    expect(wrong.statusCode).toBe(422);
    const changed = await portal.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(owner),
      payload: { currentPassword: owner.password, newPassword: 'Another-Long-Passphrase-2' },
    });
    expect(changed.statusCode, changed.body).toBe(204);

    const { changes } = await sessionsOf(owner);
    expect(changes.map((c) => [c.kind, c.device, c.ip])).toEqual([
      ['password_changed', 'Unknown device', '10.0.0.1'],
      ['withdrawal_address_removed', 'Unknown device', '10.0.0.1'],
      ['withdrawal_address_added', 'Unknown device', '10.0.0.1'],
    ]);
    // Another account sees none of them.
    const stranger = await registerMember(portal.app, { username: 'sessions_quinn' });
    expect((await sessionsOf(stranger)).changes).toEqual([]);
  });
});

describe('a device in words', () => {
  it.each([
    [LAPTOP, 'Chrome on Windows'],
    [PHONE, 'Safari on iPhone'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
  ])('%s is %s', (agent, words) => {
    expect(deviceInWords(agent)).toBe(words);
  });
});
