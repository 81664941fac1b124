import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, errorOf, registerMember, ROOT, type Session, usePortal } from '../harness';
import { balances, booksFingerprint, fund, transfer } from '../ledger/ledger-helpers';

/**
 * The receiver is checked as soon as it is typed: the
 * lookup answers their name or why a transfer to them is refused, the
 * company's root included, and the transfer itself refuses the same.
 */
const { portal, admin } = usePortal();

const lookup = (session: Session, username: string) =>
  portal.app.inject({
    method: 'GET',
    url: `/api/transfers/receiver?username=${encodeURIComponent(username)}`,
    headers: bearer(session),
  });

describe('receiver lookup', () => {
  let alice: Session;
  let bob: Session;
  let blocked: Session;
  beforeAll(async () => {
    alice = await registerMember(portal.app, { fullName: 'Alice Sender' });
    bob = await registerMember(portal.app, { fullName: 'Bob Receiver' });
    blocked = await registerMember(portal.app);
    await fund(portal.app, admin, alice.user.id, 'deposit', '20');
    const res = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${blocked.user.id}`,
      headers: bearer(admin),
      payload: { status: 'blocked' },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers a member's name, whatever the case typed", async () => {
    const res = await lookup(alice, bob.user.username.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ username: bob.user.username, fullName: 'Bob Receiver' });
  });

  it.each([
    ['the company root', () => ROOT, 'RECEIVER_IS_ROOT'],
    ['the company root in another case', () => ROOT.toUpperCase(), 'RECEIVER_IS_ROOT'],
    ['an unknown username', () => 'nobody-by-that-name', 'RECEIVER_NOT_FOUND'],
    ['an admin without membership', () => 'admin', 'RECEIVER_NOT_FOUND'],
    ['oneself', () => alice.user.username, 'TRANSFER_TO_SELF'],
    ['a blocked account', () => blocked.user.username, 'RECEIVER_BLOCKED'],
  ])('refuses %s plainly, naming the field', async (_case, username, code) => {
    const res = await lookup(alice, username());
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toMatchObject({ code, field: 'toUsername' });
  });

  it("says in words that the root is the company's account", async () => {
    expect(errorOf(await lookup(alice, ROOT)).message).toBe(
      "That is the company's account, which cannot receive transfers. Send to a member.",
    );
  });

  it('the quote and the transfer refuse the root too, and nothing moves', async () => {
    const quote = await portal.app.inject({
      method: 'GET',
      url: `/api/transfers/quote?toUsername=${ROOT}&amount=5`,
      headers: bearer(alice),
    });
    expect(errorOf(quote)).toMatchObject({ code: 'RECEIVER_IS_ROOT', field: 'toUsername' });
    const before = await booksFingerprint(portal.db);
    const res = await transfer(portal.app, alice, { toUsername: ROOT, amount: '5' }, 'to-root-1');
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'RECEIVER_IS_ROOT', field: 'toUsername' });
    expect(await booksFingerprint(portal.db)).toBe(before);
    expect((await balances(portal.app, alice)).deposit).toBe('20.00');
  });
});
