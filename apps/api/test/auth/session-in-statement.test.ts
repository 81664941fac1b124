import { describe, expect, it } from 'vitest';
import { bearer, errorOf, registerMember, usePortal } from '../harness';
import { balances, booksFingerprint, fund, transfer } from '../ledger/ledger-helpers';
import { buy, packageIds } from '../plan/plan-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * POST /api/transfers leaves the session check to its SQL statement
 * (docs/decisions/0013b-quiet-hot-path.md). Every answer must stay what the
 * guard gave before: an ended session or a blocked account is 401, an account
 * without membership 403 — before validation, idempotency or anything else.
 */
describe('the transfer checks the session inside its statement, with the same answers', () => {
  const { portal, admin } = usePortal();

  async function pair() {
    const alice = await registerMember(portal.app);
    const bob = await registerMember(portal.app);
    await fund(portal.app, admin, alice.user.id, 'deposit', '10');
    return { alice, bob };
  }

  it('a live session transfers', async () => {
    const { alice, bob } = await pair();
    const res = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '1' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('after logout: 401 SESSION_ENDED, with a good body, a bad body or a used key, and nothing moves', async () => {
    const { alice, bob } = await pair();
    const first = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '1' }, 'k-logout');
    expect(first.statusCode).toBe(201);
    const out = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: alice.refreshToken },
    });
    expect(out.statusCode).toBeLessThan(300);
    const before = await booksFingerprint(portal.db);
    for (const [payload, key] of [
      [{ toUsername: bob.user.username, amount: '1' }, undefined],
      [{ toUsername: bob.user.username, amount: 'lots' }, undefined],
      [{ toUsername: 'nobody-at-all', amount: '1' }, undefined],
      [{ toUsername: bob.user.username, amount: '1' }, 'k-logout'],
    ] as const) {
      const res = await transfer(portal.app, alice, payload, key);
      expect(res.statusCode, res.body).toBe(401);
      expect(errorOf(res).code).toBe('SESSION_ENDED');
    }
    expect(await booksFingerprint(portal.db)).toBe(before);
  });

  it('a blocked account: 401 at once, whatever the body', async () => {
    const { alice, bob } = await pair();
    const block = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${alice.user.id}`,
      headers: bearer(admin),
      payload: { status: 'blocked' },
    });
    expect(block.statusCode).toBe(200);
    for (const payload of [{ toUsername: bob.user.username, amount: '1' }, { amount: '1' }]) {
      const res = await transfer(portal.app, alice, payload);
      expect(res.statusCode, res.body).toBe(401);
      expect(errorOf(res).code).toBe('SESSION_ENDED');
    }
    expect((await balances(portal.app, bob)).deposit).toBe('0.00');
  });

  it('an account without membership: 403 NOT_A_MEMBER, whatever the body', async () => {
    const { bob } = await pair();
    for (const payload of [
      { toUsername: bob.user.username, amount: '1' },
      { toUsername: bob.user.username, amount: '-1' },
    ]) {
      const res = await transfer(portal.app, admin, payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('NOT_A_MEMBER');
    }
  });

  it('a token for another user than its session, or for a session that does not exist, is refused', async () => {
    const { alice, bob } = await pair();
    // Alice's token with her session revoked directly in the database: the statement sees it at once.
    await portal.db.query(sql`UPDATE auth_sessions SET revoked_at = now() WHERE user_id = ${alice.user.id}`);
    const res = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '1' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('SESSION_ENDED');
    expect((await balances(portal.app, bob)).deposit).toBe('0.00');
  });
});

describe('the purchase checks the session inside its statement, with the same answers', () => {
  const { portal, admin } = usePortal();

  it('a live session buys; after logout 401 whatever the body or key; an admin 403; nothing moves', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'deposit', '300');
    const starter = (await packageIds(portal.app, member)).Starter!;
    expect((await buy(portal.app, member, starter, 'k-buy')).statusCode).toBe(201);
    const asAdmin = await buy(portal.app, admin, starter);
    expect(asAdmin.statusCode).toBe(403);
    expect(errorOf(asAdmin).code).toBe('NOT_A_MEMBER');
    expect((await buy(portal.app, admin, 'not-a-number')).statusCode).toBe(403);

    const out = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: member.refreshToken },
    });
    expect(out.statusCode).toBeLessThan(300);
    const before = await booksFingerprint(portal.db);
    for (const [packageId, key] of [
      [starter, undefined],
      [starter, 'k-buy'],
      ['x', undefined],
      [999_999, undefined],
    ] as const) {
      const res = await buy(portal.app, member, packageId, key);
      expect(res.statusCode, res.body).toBe(401);
      expect(errorOf(res).code).toBe('SESSION_ENDED');
    }
    expect(await booksFingerprint(portal.db)).toBe(before);
  });
});
